package io.rocedoctor.engine.findings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.rocedoctor.engine.ActionProposal;
import io.rocedoctor.engine.Evidence;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.Bond;
import io.rocedoctor.facts.GroupTraffic;
import io.rocedoctor.facts.MultipathGroup;
import io.rocedoctor.facts.Port;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the multi-path findings say about bond0 over ens1f0np0 and ens1f1np1. */
class MultipathFindingsTest {
    private static final List<String> MEMBERS = List.of("ens1f0np0", "ens1f1np1");
    private static final Map<String, String> SOURCES =
            Map.of("ens1f0np0", "ethtool -S ens1f0np0", "ens1f1np1", "ethtool -S ens1f1np1");

    private static MultipathGroup bond(String policy, Boolean l4) {
        return new MultipathGroup("bond0", "bond", MEMBERS, policy, l4);
    }

    private static GroupTraffic txOnFirst(double share, Double load, boolean sinceBoot) {
        return new GroupTraffic(
                "bond0",
                "tx",
                Map.of("ens1f0np0", share, "ens1f1np1", 1 - share),
                Map.of("ens1f0np0", 9e9 * share, "ens1f1np1", 9e9 * (1 - share)),
                "ens1f0np0",
                share,
                load,
                sinceBoot,
                SOURCES);
    }

    @Test
    void aLayer2HashWithMeasuredSkewIsConfirmedAndEveryShareNamesItsMembersCounters() {
        Finding f = MultipathFindings.hashConcentration(
                        bond("bond xmit_hash_policy layer2", false), List.of(txOnFirst(0.97, 0.6, false)))
                .build("HASH_SINGLE_PATH_CONCENTRATION");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.evidence())
                .containsExactly(
                        new Evidence(
                                "ethtool -S ens1f0np0",
                                "97.0%",
                                "share of the group's TX bytes on ens1f0np0; group at 60.0% of its capacity"),
                        new Evidence("ethtool -S ens1f0np0", "97.0%", "TX share of ens1f0np0"),
                        new Evidence("ethtool -S ens1f1np1", "3.0%", "TX share of ens1f1np1"),
                        new Evidence(
                                "/proc/net/bonding/bond0",
                                "bond xmit_hash_policy layer2",
                                "the hash does not include the UDP source port, where RoCEv2 carries its per-flow"
                                        + " entropy"));
        assertThat(f.actions())
                .containsExactly(
                        new ActionProposal("bond-xmit-hash-layer34", Map.of("bond", "bond0", "current", "layer2")));
    }

    @Test
    void nearMissSkewSinceBootIsOnlyLikelyAndSaysSo() {
        Finding f = MultipathFindings.hashConcentration(
                        bond("bond xmit_hash_policy layer2", false), List.of(txOnFirst(0.97, null, true)))
                .build("HASH_SINGLE_PATH_CONCENTRATION");
        assertThat(f.confidence()).isEqualTo("likely");
        assertThat(f.evidence().get(0).note())
                .isEqualTo("share of the group's TX bytes on ens1f0np0 (since boot: one sample)");
    }

    @Test
    void aRoceLagHashIsFixedOnItsBondWithThePolicyRead() {
        MultipathGroup lag = new MultipathGroup(
                "bond0", "roce-lag", MEMBERS, "RoCE LAG mlx5_bond_0 over bond xmit_hash_policy layer2+3", false);
        Finding f = MultipathFindings.hashConcentration(lag, List.of()).build("HASH_SINGLE_PATH_CONCENTRATION");
        assertThat(f.confidence()).isEqualTo("likely");
        assertThat(f.actions().get(0).parameters()).containsEntry("current", "layer2+3");
    }

    @Test
    void nearMissABondWithoutAHashPolicyLineIsJudgedButNotRehashed() {
        Finding f = MultipathFindings.hashConcentration(
                        bond("bond mode balance-rr", null), List.of(txOnFirst(0.95, 0.5, false)))
                .build("HASH_SINGLE_PATH_CONCENTRATION");
        assertThat(f.confidence()).isEqualTo("likely");
        assertThat(f.evidence())
                .last()
                .satisfies(e ->
                        assertThat(e.note()).isEqualTo("whether the hash includes the UDP source port is not known"));
        assertThat(f.actions()).isEmpty();
    }

    @Test
    void activeBackupNamesEachMemberWithLinkBySpeed() {
        Bond b = new Bond("bond0", "active-backup", null, MEMBERS);
        List<Port> up = List.of(
                new Port("ens1f0np0", "0000:3b:00", "0000:3b:00.0", 100000, 9000, 0, "bond0"),
                new Port("ens1f1np1", "0000:3b:00", "0000:3b:00.1", 25000, 9000, 0, "bond0"));
        Finding f = MultipathFindings.activeBackup(b, up).build("BOND_MODE_NOT_MULTIPATH");
        assertThat(f.evidence())
                .extracting(Evidence::source, Evidence::value)
                .containsExactly(
                        tuple("/proc/net/bonding/bond0", "active-backup"),
                        tuple("ethtool ens1f0np0", "100000Mb/s"),
                        tuple("ethtool ens1f1np1", "25000Mb/s"));
        assertThat(f.actions())
                .containsExactly(
                        new ActionProposal("bond-mode-8023ad", Map.of("bond", "bond0", "current", "active-backup")));
    }

    @Test
    void nearMissOnlyTheMembersWithLinkAreNamed() {
        Bond b = new Bond("bond0", "active-backup", null, List.of("ens1f0np0", "ens1f1np1", "ens2f0np0"));
        List<Port> up = List.of(
                new Port("ens1f0np0", "0000:3b:00", "0000:3b:00.0", 100000, 9000, 0, "bond0"),
                new Port("ens2f0np0", "0000:5e:00", "0000:5e:00.0", 100000, 9000, 0, "bond0"));
        Finding f = MultipathFindings.activeBackup(b, up).build("BOND_MODE_NOT_MULTIPATH");
        assertThat(f.evidence())
                .extracting(Evidence::source)
                .containsExactly("/proc/net/bonding/bond0", "ethtool ens1f0np0", "ethtool ens2f0np0");
        assertThat(f.scope()).contains("ens1f1np1");
    }
}
