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
        return new HostSummary(name, List.of(nic), settings, rates, EnumSet.allOf(SourceKind.class), Map.of());
    }

    /** A tuned host whose device ports have their RoCE v2 IPv4 GIDs at these indexes. */
    private static HostSummary withGidIndexes(String name, Map<String, String> indexes) {
        return new HostSummary(
                name, List.of(CX6), TUNED, Map.of(), EnumSet.allOf(SourceKind.class), Map.of("gid-index", indexes));
    }

    private static List<HostSummary> gidFleet(int n) {
        List<HostSummary> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(withGidIndexes("node-" + i, Map.of("mlx5_0/1", "3", "mlx5_1/1", "3")));
        }
        return out;
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

    @Fires("FLEET_GID_INDEX_DRIFT")
    @Test
    void oneHostWithItsIpv4GidAtAnotherIndexIsGidIndexDriftOfThatPort() {
        List<HostSummary> hosts = gidFleet(4);
        hosts.set(2, withGidIndexes("node-2", Map.of("mlx5_0/1", "5", "mlx5_1/1", "3")));
        Diagnosis d = diagnose(hosts);
        assertThat(RuleHarness.ids(d)).containsExactly("FLEET_GID_INDEX_DRIFT@mlx5_0/1");
        Finding f = d.findings().get(0);
        assertThat(f.severity()).isEqualTo("high");
        assertThat(f.evidence()).extracting(Evidence::value).containsExactly("index 3", "index 5");
        assertThat(f.evidence().get(0).note()).isEqualTo("3 host(s), the most: node-0, node-1, node-3");
        assertThat(f.evidence().get(1).note()).isEqualTo("1 host(s): node-2");
        assertThat(f.evidence().get(0).source()).contains("show_gids").contains("mlx5_0/1");
    }

    @NearMiss("FLEET_GID_INDEX_DRIFT")
    @Test
    void nearMissPortsAreComparedEachWithItselfAndAPortSomeHostsLackIsNotDrift() {
        List<HostSummary> hosts = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            // Every host: mlx5_0 at 3, mlx5_1 at 5 (a port with an extra address, the same on every host).
            hosts.add(withGidIndexes("node-" + i, Map.of("mlx5_0/1", "3", "mlx5_1/1", "5")));
        }
        hosts.add(withGidIndexes("node-4", Map.of("mlx5_0/1", "3")));
        assertThat(RuleHarness.ids(diagnose(hosts))).isEmpty();
    }

    private static HostSummary withDcqcn(String name, Map<String, String> parameters) {
        return new HostSummary(
                name, List.of(CX6), TUNED, Map.of(), EnumSet.allOf(SourceKind.class), Map.of("dcqcn", parameters));
    }

    private static final Map<String, String> DCQCN_DEFAULTS =
            Map.of("roce_rp/rpg_time_reset", "300", "roce_rp/rpg_ai_rate", "5", "roce_np/min_time_between_cnps", "4");

    @Fires("FLEET_DCQCN_PARAMS_DRIFT")
    @Test
    void oneHostRecoveringSlowerIsDcqcnDriftOfThatParameterOnly() {
        List<HostSummary> hosts = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            hosts.add(withDcqcn("node-" + i, DCQCN_DEFAULTS));
        }
        Map<String, String> slow = new TreeMap<>(DCQCN_DEFAULTS);
        slow.put("roce_rp/rpg_time_reset", "1200");
        hosts.set(3, withDcqcn("node-3", slow));
        Diagnosis d = diagnose(hosts);
        assertThat(RuleHarness.ids(d)).containsExactly("FLEET_DCQCN_PARAMS_DRIFT@roce_rp/rpg_time_reset");
        Finding f = d.findings().get(0);
        assertThat(f.severity()).isEqualTo("medium");
        assertThat(f.evidence()).extracting(Evidence::value).containsExactly("300", "1200");
        assertThat(f.evidence().get(0).source())
                .isEqualTo("sysfs ecn/roce_rp/rpg_time_reset of each host's RoCE netdevs");
        assertThat(f.evidence().get(1).note()).isEqualTo("1 host(s): node-3");
    }

    @NearMiss("FLEET_DCQCN_PARAMS_DRIFT")
    @Test
    void nearMissAHostWithoutTheParameterFilesIsNotDrift() {
        List<HostSummary> hosts = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            hosts.add(withDcqcn("node-" + i, DCQCN_DEFAULTS));
        }
        // An upstream-driver host shows no ecn/ parameters: nothing to compare, not a different value.
        hosts.add(withDcqcn("node-3", Map.of()));
        assertThat(RuleHarness.ids(diagnose(hosts))).isEmpty();
    }

    @Test
    void hostAndFleetRunsNeverReportOnEachOthersRules() {
        Diagnosis host = RuleHarness.diagnose(HostFacts.healthy().facts);
        Set<String> fleetRules =
                new java.util.TreeSet<>(RuleHarness.engine().catalog().keySet());
        fleetRules.removeIf(id -> !id.startsWith("FLEET_"));
        assertThat(host.evaluatedRules()).doesNotContainAnyElementsOf(fleetRules);
        assertThat(host.notEvaluated()).noneMatch(n -> fleetRules.contains(n.rule()));
        Diagnosis fleet = diagnose(fleet(3));
        assertThat(fleet.evaluatedRules()).containsExactlyInAnyOrderElementsOf(fleetRules);
    }
}
