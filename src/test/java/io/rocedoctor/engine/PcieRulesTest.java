package io.rocedoctor.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.facts.Host;
import io.rocedoctor.facts.Nic;
import io.rocedoctor.facts.PcieLink;
import org.junit.jupiter.api.Test;

class PcieRulesTest {

    @Test
    void dualPort100gOnGen3x8HitsTheCeiling() {
        HostFacts h = HostFacts.healthy().replace(PcieLink.class, HostFacts.pcie(8, 8, 8, 8));
        Diagnosis d = RuleHarness.diagnose(h.facts);
        assertThat(RuleHarness.ids(d)).containsExactly("PCIE_CEILING_BELOW_PORTS@" + HostFacts.NIC);
        assertThat(d.findings().get(0).evidence()).anySatisfy(e -> assertThat(e.value()).contains("63.0 Gb/s usable"));
    }

    @Test
    void nearMissGen4x8CarriesOneHundredGigAlone() {
        // Gen4 x8: 126 Gb/s usable, 107 after overhead: enough for one 100G port, not for two.
        HostFacts h = HostFacts.healthy().replace(PcieLink.class, HostFacts.pcie(16, 8, 16, 8))
                .replace(Nic.class, new Nic(HostFacts.NIC, "m", "mlx5_core", "1", 0, java.util.List.of("p0", "p1"), 100));
        assertThat(RuleHarness.ids(RuleHarness.diagnose(h.facts))).isEmpty();
    }

    @Test
    void linkTrainedBelowItsCapabilityIsDowngraded() {
        HostFacts h = HostFacts.healthy().replace(PcieLink.class, HostFacts.pcie(16, 16, 16, 8));
        assertThat(RuleHarness.ids(RuleHarness.diagnose(h.facts)))
                .contains("PCIE_LINK_DOWNGRADED@" + HostFacts.NIC);
    }

    @Test
    void nearMissALinkAtItsCapabilityIsNotDowngraded() {
        HostFacts h = HostFacts.healthy().replace(PcieLink.class, HostFacts.pcie(16, 16, 16, 16));
        assertThat(RuleHarness.ids(RuleHarness.diagnose(h.facts))).isEmpty();
    }

    @Test
    void numaNodeMinusOneOnTwoNodeHostFires() {
        HostFacts h = HostFacts.healthy().replace(Nic.class, HostFacts.nic(-1));
        assertThat(RuleHarness.ids(RuleHarness.diagnose(h.facts))).containsExactly("NUMA_NODE_UNKNOWN@" + HostFacts.NIC);
    }

    @Test
    void nearMissNumaNodeMinusOneOnSingleNodeHostIsHarmless() {
        HostFacts h = HostFacts.healthy().replace(Nic.class, HostFacts.nic(-1))
                .replace(Host.class, new Host("test-host", 32, 1, 2, 10.0));
        assertThat(RuleHarness.ids(RuleHarness.diagnose(h.facts))).isEmpty();
    }
}
