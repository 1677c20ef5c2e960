package io.rocedoctor.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.fleet.FleetFacts;
import io.rocedoctor.fleet.HostSummary;
import io.rocedoctor.fleet.NicVersion;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The fleet rules over per-host summaries: drift of versions and settings, and outlier hosts. */
class FleetRulesTest {
    private static final NicVersion CX6 = new NicVersion("MT2892 Family [ConnectX-6 Dx]", "22.39.1002", "mlx5_core");
    private static final Map<String, String> TUNED =
            Map.of("trust", "dscp", "pfc", "3", "tos", "106", "mtu", "9000", "hash", "bond xmit_hash_policy layer3+4");

    private static HostSummary host(
            String name, NicVersion nic, Map<String, String> settings, Map<String, Double> rates) {
        return new HostSummary(name, List.of(nic), settings, rates, EnumSet.allOf(SourceKind.class));
    }

    private static List<HostSummary> fleet(int n) {
        List<HostSummary> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(host("node-" + i, CX6, TUNED, Map.of("pause", 0.0, "discards", 0.0)));
        }
        return out;
    }

    private static Diagnosis diagnose(List<HostSummary> hosts) {
        try {
            return RuleHarness.seen(RuleHarness.engine()
                    .diagnoseFleet(
                            FleetFacts.of(hosts), Profile.builtIn("throughput"), EnumSet.allOf(SourceKind.class)));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void aWellAlignedFleetGivesNoFleetFinding() {
        assertThat(RuleHarness.ids(diagnose(fleet(5)))).isEmpty();
    }

    @Fires("FLEET_FIRMWARE_DRIFT")
    @Test
    void oneHostOnOtherFirmwareIsFirmwareDrift() {
        List<HostSummary> hosts = fleet(4);
        hosts.set(2, host("node-2", new NicVersion(CX6.model(), "22.36.1010", CX6.driver()), TUNED, Map.of()));
        Diagnosis d = diagnose(hosts);
        assertThat(RuleHarness.ids(d)).containsExactly("FLEET_FIRMWARE_DRIFT@" + CX6.model());
        Finding f = d.findings().get(0);
        assertThat(f.severity()).isEqualTo("medium");
        assertThat(f.evidence().get(0).value())
                .as("the version most hosts run comes first")
                .contains("22.39.1002");
        assertThat(f.evidence().get(1).note()).contains("1 host(s): node-2");
    }

    @NearMiss("FLEET_FIRMWARE_DRIFT")
    @Test
    void nearMissDifferentModelsOnDifferentFirmwareAreNotDrift() {
        List<HostSummary> hosts = fleet(4);
        hosts.set(
                2,
                host(
                        "node-2",
                        new NicVersion("MT27700 Family [ConnectX-4]", "12.28.2006", "mlx5_core"),
                        TUNED,
                        Map.of()));
        assertThat(RuleHarness.ids(diagnose(hosts))).isEmpty();
    }

    @Fires("FLEET_CONFIG_DRIFT")
    @Test
    void oneHostTrustingPcpIsConfigDriftOnTrustOnly() {
        List<HostSummary> hosts = fleet(4);
        Map<String, String> pcp = new TreeMap<>(TUNED);
        pcp.put("trust", "pcp");
        hosts.set(1, host("node-1", CX6, pcp, Map.of()));
        Diagnosis d = diagnose(hosts);
        assertThat(RuleHarness.ids(d)).containsExactly("FLEET_CONFIG_DRIFT@trust");
        assertThat(d.findings().get(0).severity()).isEqualTo("high");
    }

    @NearMiss("FLEET_CONFIG_DRIFT")
    @Test
    void nearMissASettingOnlySomeHostsReportIsNotDrift() {
        List<HostSummary> hosts = fleet(4);
        Map<String, String> noBond = new TreeMap<>(TUNED);
        noBond.remove("hash");
        hosts.set(1, host("node-1", CX6, noBond, Map.of()));
        assertThat(RuleHarness.ids(diagnose(hosts))).isEmpty();
    }

    @Fires("FLEET_OUTLIER_HOST")
    @Test
    void aHostPausingFarAboveTheMedianIsAnOutlier() {
        List<HostSummary> hosts = fleet(5);
        hosts.set(3, host("node-3", CX6, TUNED, Map.of("pause", 20_000.0, "discards", 0.0)));
        Diagnosis d = diagnose(hosts);
        assertThat(RuleHarness.ids(d)).containsExactly("FLEET_OUTLIER_HOST@node-3:pause");
        assertThat(d.findings().get(0).evidence().get(0).source()).isEqualTo("pause per second");
    }

    @Fires("FLEET_OUTLIER_HOST")
    @Test
    void aHostOutlyingOnTwoMetricsGetsOneFindingPerMetricUnderDistinctSubjects() {
        List<HostSummary> hosts = fleet(5);
        hosts.set(3, host("node-3", CX6, TUNED, Map.of("pause", 20_000.0, "discards", 5_000.0)));
        Diagnosis d = diagnose(hosts);
        assertThat(RuleHarness.ids(d))
                .containsExactly("FLEET_OUTLIER_HOST@node-3:discards", "FLEET_OUTLIER_HOST@node-3:pause");
        assertThat(d.findings()).extracting(Finding::subject).doesNotHaveDuplicates();
    }

    @NearMiss("FLEET_OUTLIER_HOST")
    @Test
    void nearMissOutliersNeedTenTimesTheMedianAFloorAndThreeHosts() {
        List<HostSummary> busy = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            busy.add(host("node-" + i, CX6, TUNED, Map.of("pause", i == 4 ? 9_000.0 : 1_000.0)));
        }
        assertThat(RuleHarness.ids(diagnose(busy))).as("9x the median").isEmpty();

        List<HostSummary> quiet = fleet(5);
        quiet.set(0, host("node-0", CX6, TUNED, Map.of("pause", 9.0)));
        assertThat(RuleHarness.ids(diagnose(quiet)))
                .as("below the floor of 10/s")
                .isEmpty();

        List<HostSummary> two = fleet(2);
        two.set(0, host("node-0", CX6, TUNED, Map.of("pause", 20_000.0)));
        assertThat(RuleHarness.ids(diagnose(two)))
                .as("two hosts have no meaningful median")
                .isEmpty();
    }

    @Test
    void hostAndFleetRunsNeverReportOnEachOthersRules() {
        Diagnosis host = RuleHarness.diagnose(HostFacts.healthy().facts);
        Set<String> fleetRules = Set.of("FLEET_FIRMWARE_DRIFT", "FLEET_CONFIG_DRIFT", "FLEET_OUTLIER_HOST");
        assertThat(host.evaluatedRules()).doesNotContainAnyElementsOf(fleetRules);
        assertThat(host.notEvaluated()).noneMatch(n -> fleetRules.contains(n.rule()));
        Diagnosis fleet = diagnose(fleet(3));
        assertThat(fleet.evaluatedRules()).containsExactlyInAnyOrderElementsOf(fleetRules);
    }
}
