package io.rocedoctor.facts;

import java.util.List;

/**
 * One lossless priority of a switch port: its priority group and egress queue, the PFC points of
 * the PG's buffer, the ECN marking of the queue, the PFC watchdog and the drops counted on it.
 * Byte sizes; null when the dump does not say.
 *
 * <p>{@code xoffBytes} is the ingress occupancy at which the port sends PFC XOFF: NVUE prints it
 * (XOFF threshold); on SONiC it is the PG's reserved size plus the most its shared part may take
 * with the pool otherwise empty ({@code static_th}, or alpha/(1+alpha) of the pool for
 * {@code dynamic_th}, alpha = 2^dynamic_th): the latest PFC can ever start. {@code headroomBytes} is
 * what the PG keeps after XOFF for data in flight (SONiC {@code xoff}, NVUE headroom).
 * {@code headroomFloorBytes} is the part of the needed headroom known from the port alone: two
 * cable propagations and two maximum frames (null when speed, cable or MTU is unknown), {@code mtu}
 * that maximum frame.
 *
 * <p>{@code stormsDetected} is the watchdog's storm count as last sampled, {@code stormsDuring}
 * its increase between the samples (null with one sample). {@code drops} sums the drop counters
 * of the PG and the queue over the samples (since boot with one sample, then {@code dropsSinceBoot}),
 * named in {@code dropCounters}.
 *
 * <p>{@code bufferProfile} and {@code ecnProfile} name the SONiC BUFFER_PROFILE of the PG and the
 * WRED_PROFILE of the queue (shared objects a plan edits by name); null elsewhere or when unknown.
 */
public record SwitchLosslessQueue(
        String switchName,
        String port,
        String platform,
        int priority,
        int queue,
        Integer priorityGroup,
        Long xoffBytes,
        String xoffBasis,
        Long headroomBytes,
        Long headroomFloorBytes,
        Integer mtu,
        Integer speedMbps,
        Boolean ecnMarking,
        Long ecnMinBytes,
        Long ecnMaxBytes,
        Integer ecnProbability,
        Boolean watchdogOn,
        String watchdogSource,
        Long stormsDetected,
        Long stormsDuring,
        boolean stormed,
        String stormSource,
        long drops,
        boolean dropsSinceBoot,
        String dropCounters,
        List<String> hostPorts,
        String bufferProfile,
        String ecnProfile) {
    public SwitchLosslessQueue {
        hostPorts = List.copyOf(hostPorts);
    }

    public String label() {
        return switchName + "/" + port;
    }
}
