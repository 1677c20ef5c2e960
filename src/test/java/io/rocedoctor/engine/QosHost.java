package io.rocedoctor.engine;

import io.rocedoctor.facts.Baseline;
import io.rocedoctor.facts.CongestionCounters;
import io.rocedoctor.facts.CounterMeaning;
import io.rocedoctor.facts.EcnState;
import io.rocedoctor.facts.LosslessBuffer;
import io.rocedoctor.facts.PauseStormEvents;
import io.rocedoctor.facts.PortQos;
import io.rocedoctor.facts.PriorityPause;
import io.rocedoctor.facts.RdmaDevice;
import io.rocedoctor.facts.RocePriority;
import java.util.List;
import java.util.Map;

/**
 * {@link HostFacts#healthy()} with RoCE on port p0 done right: RDMA CM traffic on priority 3 (ToS
 * 106, trust dscp), PFC on priority 3 only in its own buffer, DCQCN on for priority 3, no pause,
 * CNPs flowing, a perftest run at 95 Gb/s. Each test breaks one thing; counts are over the host's 10-second interval.
 */
final class QosHost {
    static final String PORT = "p0";
    final HostFacts host = HostFacts.healthy();

    static QosHost healthy() {
        QosHost q = new QosHost();
        q.host.facts.add(new RdmaDevice(
                "mlx5_0", 1, PORT, HostFacts.NIC, HostFacts.NIC + ".0", "ACTIVE", "Ethernet", 4096, 4096));
        q.host.facts.add(qos("dscp", List.of(3)));
        q.host.facts.add(new LosslessBuffer(PORT, HostFacts.NIC, 3, 1, 262016L, List.of()));
        q.host.facts.add(roce(3, false));
        q.host.facts.add(ecn(3, true, true));
        q.host.facts.add(cnps(2000, 1500, 1500, 0));
        q.host.facts.add(bandwidth(95.0, 252.0));
        return q;
    }

    List<Object> facts() {
        return host.facts;
    }

    static PortQos qos(String trust, List<Integer> pfc) {
        return new PortQos(
                PORT,
                trust,
                pfc,
                Map.of(26, 3),
                Map.of(3, 3),
                Map.of(0, 0, 3, 1),
                List.of(130944L, 262016L),
                "mlnx_qos -i " + PORT);
    }

    static RocePriority roce(int priority, boolean intended) {
        return new RocePriority(
                PORT, HostFacts.NIC, priority, intended, "ToS 106 -> DSCP 26 -> priority 3 (trust dscp)");
    }

    static EcnState ecn(int priority, boolean np, boolean rp) {
        return new EcnState(PORT, Map.of(priority, np), Map.of(priority, rp));
    }

    /** mlx5's names of the DCQCN counters in {@code rdma statistic show}. */
    static final Map<CounterMeaning, String> MLX5_DCQCN = Map.of(
            CounterMeaning.ECN_MARKED,
            "np_ecn_marked_roce_packets",
            CounterMeaning.CNP_SENT,
            "np_cnp_sent",
            CounterMeaning.CNP_HANDLED,
            "rp_cnp_handled",
            CounterMeaning.CNP_IGNORED,
            "rp_cnp_ignored");

    /** DCQCN counters of mlx5_0/1 over 10 s. */
    static CongestionCounters cnps(long marked, long sent, long handled, long ignored) {
        return new CongestionCounters(
                "mlx5_0", 1, PORT, HostFacts.NIC, marked, sent, handled, ignored, 10.0, false, MLX5_DCQCN);
    }

    /** Pause on p0 over 10 s; share null when the driver counts no duration. */
    static PriorityPause pause(int priority, String direction, long frames, Double share) {
        return new PriorityPause(
                PORT,
                HostFacts.NIC,
                priority,
                direction,
                direction + "_prio" + priority + "_pause",
                frames,
                frames / 10.0,
                share,
                false);
    }

    static PriorityPause pauseSinceBoot(int priority, String direction, long frames) {
        return new PriorityPause(
                PORT,
                HostFacts.NIC,
                priority,
                direction,
                direction + "_prio" + priority + "_pause",
                frames,
                null,
                null,
                true);
    }

    static PauseStormEvents storms(long warnings, long errors, boolean sinceBoot) {
        return new PauseStormEvents(PORT, HostFacts.NIC, warnings, errors, sinceBoot);
    }

    /** An ib_write_bw run on mlx5_0 over p0 (100G on the host's PCIe link of the given usable Gb/s). */
    static Baseline bandwidth(double averageGbps, double pcieUsableGbps) {
        return new Baseline(
                "ib_write_bw -d mlx5_0 --report_gbits",
                "ib_write_bw",
                false,
                "mlx5_0",
                PORT,
                HostFacts.NIC,
                65536,
                averageGbps,
                averageGbps + 0.5,
                null,
                null,
                null,
                null,
                100.0,
                pcieUsableGbps);
    }

    static Baseline latency(double typical, double p99) {
        return new Baseline(
                "ib_write_lat -d mlx5_0",
                "ib_write_lat",
                true,
                "mlx5_0",
                PORT,
                HostFacts.NIC,
                2,
                null,
                null,
                typical,
                p99,
                p99 * 1.5,
                p99 * 3,
                100.0,
                252.0);
    }

    QosHost with(Object fact) {
        host.facts.add(fact);
        return this;
    }

    QosHost replace(Class<?> type, Object fact) {
        host.replace(type, fact);
        return this;
    }

    QosHost without(Class<?> type) {
        host.facts.removeIf(type::isInstance);
        return this;
    }

    Diagnosis diagnose() {
        return RuleHarness.diagnose(host.facts);
    }

    List<String> ids() {
        return RuleHarness.ids(diagnose());
    }
}
