package io.rocedoctor.collect;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CapturePlanTest {
    private static final Inventory HOST = new Inventory(
            List.of(
                    new Inventory.RdmaDevice("mlx5_0", List.of(1), List.of("ens1f0np0")),
                    new Inventory.RdmaDevice("mlx5_1", List.of(1), List.of("ens1f1np1"))),
            List.of("ens1f0np0", "ens1f1np1"),
            List.of("bond0"),
            List.of(140, 150),
            List.of(0, 1),
            List.of(0, 1, 2),
            Map.of("ens1f0np0", List.of(3)));

    @Test
    void everyKindOfTheRegistryIsTakenButThePerftestsAPersonRunsAndSysinfoSnapshotsOwnIrqScript() {
        CapturePlan plan = CapturePlan.of(HOST);

        EnumSet<SourceKind> notTaken = EnumSet.of(SourceKind.PERFTEST, SourceKind.SHOW_IRQ_AFFINITY);
        assertThat(plan.all())
                .extracting(Source::kind)
                .containsAll(EnumSet.complementOf(notTaken))
                .doesNotContainAnyElementsOf(notTaken);
    }

    @Test
    void countersComeFirstAndOnlyCountersRepeat() {
        CapturePlan plan = CapturePlan.of(HOST);

        assertThat(plan.counters()).allMatch(s -> s.kind().counter());
        assertThat(plan.once()).noneMatch(s -> s.kind().counter());
        assertThat(plan.all().subList(0, plan.counters().size())).isEqualTo(plan.counters());
    }

    @Test
    void eachKindIsRenderedInTheCollectorSpellingOverTheInventory() {
        List<String> commands =
                CapturePlan.of(HOST).all().stream().map(Source::display).toList();

        assertThat(commands)
                .contains(
                        "ethtool -S ens1f0np0",
                        "ethtool -S ens1f1np1",
                        "lspci -vvv",
                        "rdma statistic show",
                        "ethtool -n ens1f1np1 rx-flow-hash udp6",
                        "/proc/net/bonding/bond0",
                        "cma_roce_mode -d mlx5_1 -p 1",
                        "mlxlink -d mlx5_0 -m -e -c",
                        "/proc/irq/150/smp_affinity_list",
                        "/sys/devices/system/cpu/cpu2/cpufreq/scaling_governor",
                        "/sys/class/net/ens1f0np0/ecn/roce_rp/enable/3",
                        // MLNX_OFED's DCQCN parameters are tried on every netdev: absent, they are recorded as not
                        // collected.
                        "/sys/class/net/ens1f1np1/ecn/roce_rp/rpg_time_reset",
                        "/sys/class/net/ens1f1np1/ecn/roce_np/min_time_between_cnps");
        assertThat(commands).doesNotContain("ethtool -S bond0", "/sys/class/net/ens1f1np1/ecn/roce_np/enable/3");
    }

    /** Each command and file once: two kinds spelling one file would write it twice and stop the capture. */
    @Test
    void noTwoSourcesOfThePlanTakeTheSameCommandOrFile() {
        List<String> taken =
                CapturePlan.of(HOST).all().stream().map(Source::display).toList();

        assertThat(taken).doesNotHaveDuplicates();
        assertThat(taken)
                .containsOnlyOnce(
                        "/sys/class/net/ens1f0np0/ecn/roce_np/cnp_dscp",
                        "/sys/class/net/ens1f0np0/ecn/roce_np/cnp_802p_prio");
    }

    @Test
    void onlyTheKindsAskedForAreTaken() {
        CapturePlan plan = CapturePlan.of(HOST, EnumSet.of(SourceKind.LSCPU, SourceKind.PROC_INTERRUPTS));

        assertThat(plan.all()).extracting(Source::display).containsExactly("/proc/interrupts", "lscpu");
    }
}
