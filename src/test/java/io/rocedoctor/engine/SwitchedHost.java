package io.rocedoctor.engine;

import io.rocedoctor.facts.CnpMarking;
import io.rocedoctor.facts.EcnState;
import io.rocedoctor.facts.Link;
import io.rocedoctor.facts.PortQos;
import io.rocedoctor.facts.RdmaDevice;
import io.rocedoctor.facts.RoceTraffic;
import io.rocedoctor.facts.SwitchBufferPools;
import io.rocedoctor.facts.SwitchHash;
import io.rocedoctor.facts.SwitchLosslessQueue;
import io.rocedoctor.facts.SwitchPort;
import io.rocedoctor.facts.TunedHostPort;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * {@link HostFacts}' healthy host with port p0 tuned for RoCE (trust dscp, PFC and DCQCN on
 * priority 3, ToS 106 = DSCP 26) facing leaf1/Ethernet8 of a SONiC switch that agrees: 100G, 5 m
 * of cable, DSCP 26 on lossless priority 3, CNPs (DSCP 48) on strict queue 6, ECN well below the
 * XOFF point, headroom to spare, watchdog on, no storm, no drop, ECMP on the UDP source port.
 * Each test changes one field ({@link #with}).
 */
final class SwitchedHost {
    static final String SWITCH = "leaf1";
    static final String SWITCH_PORT = "Ethernet8";
    static final String LABEL = SWITCH + "/" + SWITCH_PORT;

    String hostTrust = "dscp";
    /** The captures p0's QoS was read from. */
    String hostQosSource = "mlnx_qos -i p0";

    List<Integer> hostPfc = List.of(3);
    boolean hostEcn = true;
    int tos = 106;
    int roceHostPriority = 3;
    /** How p0 marks its CNPs: by default the ConnectX default, assumed (no mlxconfig in the bundle). */
    CnpMarking cnp =
            new CnpMarking("p0", 48, 6, "ConnectX default (no CNP_DSCP_P1 from mlxconfig in the bundle)", true);

    boolean switchDumped = true;
    String switchTrust = "dscp";
    List<Integer> switchPfc = List.of(3);
    Map<Integer, Integer> dscpMap = Map.of(26, 3, 48, 6);
    Set<Integer> strictQueues = Set.of(6);
    Integer switchMtu = 9100;
    Integer speedMbps = 100000;
    Integer cableMeters = 5;

    long xoffBytes = 1_000_000;
    /** ECN marking of the lossless queue (null: the dump does not show it). */
    Boolean switchEcnMarking = true;

    Long ecnMinBytes = 150_000L;
    Long headroomBytes = 50_176L;
    Boolean watchdogOn = true;
    Long stormsDetected = 0L;
    Long stormsDuring = 0L;
    boolean stormed;
    long drops;
    boolean dropsSinceBoot;

    long losslessPoolBytes = 20_000_000;
    long lossyPoolBytes = 20_000_000;
    Long headroomPoolBytes = 2_000_000L;
    List<String> ecmpFields = List.of("SRC_IP", "DST_IP", "IP_PROTOCOL", "L4_SRC_PORT", "L4_DST_PORT");

    static SwitchedHost healthy() {
        return new SwitchedHost();
    }

    SwitchedHost with(Consumer<SwitchedHost> change) {
        change.accept(this);
        return this;
    }

    /**
     * The headroom the healthy port needs: one 9100 B frame, plus (another frame + 2 x 5 m x 5 ns at
     * 100G (625 B) + 1 µs at 100G (12500 B)) x 1.625, the cell occupancy of half the packets at 64 B
     * in 144 B cells (0.5 + 0.5 x 144/64).
     */
    static long headroomNeeded() {
        return Math.round(9100 + (9100 + 625 + 12500) * 1.625);
    }

    static Diagnosis diagnose(SwitchedHost s) {
        return RuleHarness.diagnose(s.facts());
    }

    static List<String> ids(SwitchedHost s) {
        return RuleHarness.ids(diagnose(s));
    }

    List<Object> facts() {
        List<Object> facts = new ArrayList<>(HostFacts.healthy().facts);
        // p0 carries RoCE (the engine keeps RoCE rules off ports without an RDMA device), with a healthy perftest
        // baseline.
        facts.add(new RdmaDevice(
                "mlx5_0", 1, "p0", HostFacts.NIC, HostFacts.NIC + ".0", "ACTIVE", "Ethernet", 4096, 4096));
        facts.add(QosHost.bandwidth(95.0, 252.0));
        facts.add(new PortQos("p0", hostTrust, hostPfc, Map.of(26, 3), Map.of(), Map.of(), List.of(), hostQosSource));
        facts.add(new EcnState("p0", Map.of(3, hostEcn), Map.of(3, hostEcn)));
        facts.add(new RoceTraffic(
                "mlx5_0",
                1,
                "p0",
                "v2",
                tos,
                tos >> 2,
                hostTrust,
                roceHostPriority,
                "ToS " + tos + " -> DSCP " + (tos >> 2) + " -> priority " + roceHostPriority));
        if (cnp != null) {
            facts.add(cnp);
        }
        facts.addAll(
                TunedHostPort.among(of(facts, PortQos.class), of(facts, EcnState.class), of(facts, RoceTraffic.class)));
        if (!switchDumped) {
            return facts;
        }
        List<String> facing = List.of("p0");
        facts.add(new Link("p0", SWITCH, SWITCH_PORT, "manifest"));
        SwitchPort port = new SwitchPort(
                SWITCH,
                SWITCH_PORT,
                "sonic",
                speedMbps,
                switchMtu,
                cableMeters,
                switchTrust,
                switchPfc,
                dscpMap,
                Map.of(),
                Map.of(3, 3, 6, 6),
                strictQueues,
                facing,
                "RDMA");
        facts.add(port);
        long floor = Math.round(2 * cableMeters * 5.0 * speedMbps / 8000) + 2L * switchMtu;
        for (int p : switchPfc) {
            facts.add(new SwitchLosslessQueue(
                    SWITCH,
                    SWITCH_PORT,
                    "sonic",
                    p,
                    port.queueOf(p),
                    p,
                    xoffBytes,
                    "test profile",
                    headroomBytes,
                    floor,
                    switchMtu,
                    speedMbps,
                    switchEcnMarking,
                    ecnMinBytes,
                    1_500_000L,
                    10,
                    watchdogOn,
                    "show pfcwd config",
                    stormsDetected,
                    stormsDuring,
                    stormed,
                    "show pfcwd stats",
                    drops,
                    dropsSinceBoot,
                    "show priority-group drop counters PG" + p,
                    facing,
                    "pg_lossless_100000_5m_profile",
                    "RDMA_LOSSLESS"));
        }
        facts.add(new SwitchBufferPools(
                SWITCH,
                "sonic",
                "config_db.json BUFFER_POOL",
                losslessPoolBytes,
                lossyPoolBytes,
                headroomPoolBytes,
                headroomBytes));
        facts.add(new SwitchHash(SWITCH, "sonic", "config_db.json SWITCH_HASH|GLOBAL", ecmpFields, List.of(), facing));
        return facts;
    }

    private static <T> List<T> of(List<Object> facts, Class<T> type) {
        return facts.stream().filter(type::isInstance).map(type::cast).toList();
    }
}
