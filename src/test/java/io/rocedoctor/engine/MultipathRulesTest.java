package io.rocedoctor.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.facts.Bond;
import io.rocedoctor.facts.GroupTraffic;
import io.rocedoctor.facts.MultipathGroup;
import io.rocedoctor.facts.Port;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MultipathRulesTest {
    private static final String ID = "HASH_SINGLE_PATH_CONCENTRATION@bond0";

    @Fires("HASH_SINGLE_PATH_CONCENTRATION")
    @Test
    void skewWithLayer23HashIsConfirmed() {
        Diagnosis d = RuleHarness.diagnose(HostFacts.healthy().bond("layer2+3", 0.9, 0.55).facts);
        assertThat(RuleHarness.ids(d)).containsExactly(ID);
        assertThat(d.findings().get(0).confidence()).isEqualTo("confirmed");
        assertThat(d.findings().get(0).severity()).isEqualTo("critical");
        assertThat(d.findings().get(0).actions().get(0).parameters()).containsEntry("current", "layer2+3");
    }

    @NearMiss("HASH_SINGLE_PATH_CONCENTRATION")
    @Test
    void nearMissBusiestShareJustBelowThresholdDoesNotFireOnSkew() {
        // 79% on one member, group loaded: the spread is judged and found acceptable.
        assertThat(RuleHarness.ids(RuleHarness.diagnose(HostFacts.healthy().bond("layer2+3", 0.79, 0.55).facts)))
                .isEmpty();
    }

    @Fires("HASH_SINGLE_PATH_CONCENTRATION")
    @Test
    void layer23HashWithAnIdleGroupIsLikelyFromConfigAlone() {
        Diagnosis d = RuleHarness.diagnose(HostFacts.healthy().bond("layer2+3", 0.5, 0.02).facts);
        assertThat(RuleHarness.ids(d)).containsExactly(ID);
        assertThat(d.findings().get(0).confidence()).isEqualTo("likely");
    }

    @NearMiss("HASH_SINGLE_PATH_CONCENTRATION")
    @Test
    void nearMissLayer34HashIsNotAHashingProblemEvenWhenSkewed() {
        assertThat(RuleHarness.ids(RuleHarness.diagnose(HostFacts.healthy().bond("layer3+4", 0.95, 0.55).facts)))
                .isEmpty();
    }

    @NearMiss("HASH_SINGLE_PATH_CONCENTRATION")
    @Test
    void nearMissSkewOnAnAlmostIdleGroupProvesNothing() {
        assertThat(RuleHarness.ids(RuleHarness.diagnose(HostFacts.healthy().bond("layer3+4", 0.95, 0.05).facts)))
                .isEmpty();
    }

    /** An active-backup bond over p0 and p1: all traffic on the active member, as the mode intends. */
    private static HostFacts activeBackup() {
        HostFacts h = HostFacts.healthy();
        h.facts.add(new Bond("bond0", "active-backup", null, List.of("p0", "p1")));
        h.facts.add(new MultipathGroup("bond0", "bond", List.of("p0", "p1"), "bond mode active-backup", null));
        h.facts.add(new GroupTraffic(
                "bond0",
                "tx",
                Map.of("p0", 1.0, "p1", 0.0),
                Map.of(),
                "p0",
                1.0,
                0.4,
                false,
                Map.of("p0", "ethtool -S p0", "p1", "ethtool -S p1")));
        h.facts.removeIf(Port.class::isInstance);
        h.facts.add(new Port("p0", HostFacts.NIC, HostFacts.NIC + ".0", 100000, 9000, 0, "bond0"));
        return h;
    }

    @Fires("BOND_MODE_NOT_MULTIPATH")
    @Test
    void activeBackupWithBothMembersUpIsNotMultipath() {
        HostFacts h = activeBackup();
        h.facts.add(new Port("p1", HostFacts.NIC, HostFacts.NIC + ".1", 100000, 9000, 0, "bond0"));
        Diagnosis d = RuleHarness.diagnose(h.facts);
        // The idle backup member is the mode's doing, not a hash's: no HASH_SINGLE_PATH_CONCENTRATION.
        assertThat(RuleHarness.ids(d)).containsExactly("BOND_MODE_NOT_MULTIPATH@bond0");
        assertThat(d.findings().get(0).actions().get(0).parameters()).containsEntry("current", "active-backup");
    }

    @NearMiss("BOND_MODE_NOT_MULTIPATH")
    @Test
    void nearMissActiveBackupWithOneMemberDownHasNothingToShare() {
        HostFacts h = activeBackup();
        h.facts.add(new Port("p1", HostFacts.NIC, HostFacts.NIC + ".1", null, 9000, 0, "bond0"));
        assertThat(RuleHarness.ids(RuleHarness.diagnose(h.facts))).isEmpty();
    }

    @Fires("HASH_SINGLE_PATH_CONCENTRATION")
    @Test
    void roceLagOverALayer23BondIsConcentratedAndFixedOnTheBond() {
        HostFacts h = HostFacts.healthy();
        h.facts.add(new Bond("bond0", "802.3ad", "layer2+3", List.of("p0", "p1")));
        h.facts.add(new MultipathGroup(
                "bond0",
                "roce-lag",
                List.of("p0", "p1"),
                "RoCE LAG mlx5_bond_0 over bond xmit_hash_policy layer2+3",
                false));
        h.facts.add(new GroupTraffic(
                "bond0",
                "tx",
                Map.of("p0", 0.95, "p1", 0.05),
                Map.of(),
                "p0",
                0.95,
                0.5,
                false,
                Map.of("p0", "ethtool -S p0", "p1", "ethtool -S p1")));
        Diagnosis d = RuleHarness.diagnose(h.facts);
        assertThat(RuleHarness.ids(d)).containsExactly(ID);
        assertThat(d.findings().get(0).actions().get(0).parameters())
                .containsEntry("bond", "bond0")
                .containsEntry("current", "layer2+3");
    }

    @NearMiss("HASH_SINGLE_PATH_CONCENTRATION")
    @Test
    void nearMissAFabricGroupHasNoHashToBlame() {
        HostFacts h = HostFacts.healthy();
        h.facts.add(
                new MultipathGroup("fabric:p0+p1", "fabric", List.of("p0", "p1"), "independent RDMA devices", null));
        h.facts.add(new GroupTraffic(
                "fabric:p0+p1",
                "tx",
                Map.of("p0", 0.95, "p1", 0.05),
                Map.of(),
                "p0",
                0.95,
                0.5,
                false,
                Map.of("p0", "ethtool -S p0", "p1", "ethtool -S p1")));
        assertThat(RuleHarness.ids(RuleHarness.diagnose(h.facts))).isEmpty();
    }
}
