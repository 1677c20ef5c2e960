package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.OrderedCopy;
import java.util.List;
import java.util.Map;

/**
 * The QoS, buffer and hashing tables of a SONiC {@code config_db.json}. A table the file lacks is
 * an empty map or list (or null for a scalar); port-list keys ({@code Ethernet0,Ethernet4|3-4})
 * are expanded to one entry per port. Map names refer to the map tables by name.
 *
 * @param bufferPools       BUFFER_POOL by name
 * @param bufferProfiles    BUFFER_PROFILE by name
 * @param bufferPgs         BUFFER_PG, port and priority groups -> profile (null under the dynamic model's {@code NULL})
 * @param bufferQueues      BUFFER_QUEUE, port and queues -> profile
 * @param wredProfiles      WRED_PROFILE by name
 * @param queues            QUEUE, port and queues -> WRED profile and scheduler
 * @param schedulers        SCHEDULER by name
 * @param portQos           PORT_QOS_MAP by port ({@code global} included as written)
 * @param dscpToTcMaps      DSCP_TO_TC_MAP by map name: DSCP -> traffic class
 * @param dot1pToTcMaps     DOT1P_TO_TC_MAP by map name: PCP -> traffic class
 * @param tcToPgMaps        TC_TO_PRIORITY_GROUP_MAP by map name
 * @param tcToQueueMaps     TC_TO_QUEUE_MAP by map name
 * @param pfcToQueueMaps    MAP_PFC_PRIORITY_TO_QUEUE by map name
 * @param pfcWatchdog       PFC_WD by port
 * @param pfcWatchdogPollMillis PFC_WD|GLOBAL POLL_INTERVAL
 * @param ports             PORT by name
 * @param cableLengths      CABLE_LENGTH, port -> length as written ({@code 5m})
 * @param ecmpHash          SWITCH_HASH|GLOBAL ecmp_hash fields ({@code SRC_IP}, {@code L4_SRC_PORT}...)
 * @param lagHash           SWITCH_HASH|GLOBAL lag_hash fields
 */
public record SonicConfig(
        Map<String, SonicBufferPool> bufferPools,
        Map<String, SonicBufferProfile> bufferProfiles,
        List<BufferAssignment> bufferPgs,
        List<BufferAssignment> bufferQueues,
        Map<String, SonicWredProfile> wredProfiles,
        List<QueueConfig> queues,
        Map<String, Scheduler> schedulers,
        Map<String, PortQos> portQos,
        Map<String, Map<Integer, Integer>> dscpToTcMaps,
        Map<String, Map<Integer, Integer>> dot1pToTcMaps,
        Map<String, Map<Integer, Integer>> tcToPgMaps,
        Map<String, Map<Integer, Integer>> tcToQueueMaps,
        Map<String, Map<Integer, Integer>> pfcToQueueMaps,
        Map<String, PfcWatchdog> pfcWatchdog,
        Integer pfcWatchdogPollMillis,
        Map<String, Port> ports,
        Map<String, String> cableLengths,
        List<String> ecmpHash,
        List<String> lagHash) {

    public SonicConfig {
        bufferPools = OrderedCopy.map(bufferPools);
        bufferProfiles = OrderedCopy.map(bufferProfiles);
        bufferPgs = List.copyOf(bufferPgs);
        bufferQueues = List.copyOf(bufferQueues);
        wredProfiles = OrderedCopy.map(wredProfiles);
        queues = List.copyOf(queues);
        schedulers = OrderedCopy.map(schedulers);
        portQos = OrderedCopy.map(portQos);
        dscpToTcMaps = OrderedCopy.map(dscpToTcMaps);
        dot1pToTcMaps = OrderedCopy.map(dot1pToTcMaps);
        tcToPgMaps = OrderedCopy.map(tcToPgMaps);
        tcToQueueMaps = OrderedCopy.map(tcToQueueMaps);
        pfcToQueueMaps = OrderedCopy.map(pfcToQueueMaps);
        pfcWatchdog = OrderedCopy.map(pfcWatchdog);
        ports = OrderedCopy.map(ports);
        cableLengths = OrderedCopy.map(cableLengths);
        ecmpHash = List.copyOf(ecmpHash);
        lagHash = List.copyOf(lagHash);
    }

    /** A BUFFER_PG or BUFFER_QUEUE entry for one port: the PGs or queues ({@code 3-4} expanded) and the profile. */
    public record BufferAssignment(String port, List<Integer> indices, String profile) {
        public BufferAssignment {
            indices = List.copyOf(indices);
        }
    }

    /** A QUEUE entry for one port. */
    public record QueueConfig(String port, List<Integer> queues, String wredProfile, String scheduler) {
        public QueueConfig {
            queues = List.copyOf(queues);
        }
    }

    public record Scheduler(String type, Integer weight) {}

    /**
     * A PORT_QOS_MAP entry. The port trusts DSCP when it has a {@code dscpToTcMap}, PCP when it has
     * a {@code dot1pToTcMap}; {@code pfcEnable} lists the lossless priorities.
     */
    public record PortQos(
            List<Integer> pfcEnable,
            List<Integer> pfcwdSwEnable,
            String dscpToTcMap,
            String dot1pToTcMap,
            String tcToPgMap,
            String tcToQueueMap,
            String pfcToQueueMap) {
        public PortQos {
            pfcEnable = List.copyOf(pfcEnable);
            pfcwdSwEnable = List.copyOf(pfcwdSwEnable);
        }

        public boolean trustsDscp() {
            return dscpToTcMap != null;
        }

        public boolean trustsPcp() {
            return dot1pToTcMap != null;
        }
    }

    /** A PFC_WD entry: {@code action} drop / forward / alert; times in milliseconds. */
    public record PfcWatchdog(String action, Long detectionMillis, Long restorationMillis) {}

    /** A PORT entry: speed in Mb/s, MTU, lanes, {@code up}/{@code down} admin status. */
    public record Port(Long speed, Integer mtu, List<Integer> lanes, String adminStatus, String alias) {
        public Port {
            lanes = List.copyOf(lanes);
        }
    }
}
