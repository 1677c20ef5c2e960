package io.rocedoctor.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.facts.CpuFrequency;
import io.rocedoctor.facts.Host;
import io.rocedoctor.facts.Nic;
import io.rocedoctor.facts.PcieLink;
import io.rocedoctor.parse.CpuSet;
import org.junit.jupiter.api.Test;

class PcieRulesTest {

    @Fires("PCIE_CEILING_BELOW_PORTS")
    @Test
    void dualPort100gOnGen3x8HitsTheCeiling() {
        HostFacts h = HostFacts.healthy().replace(PcieLink.class, HostFacts.pcie(8, 8, 8, 8));
        Diagnosis d = RuleHarness.diagnose(h.facts);
        assertThat(RuleHarness.ids(d)).containsExactly("PCIE_CEILING_BELOW_PORTS@" + HostFacts.NIC);
        assertThat(d.findings().get(0).evidence())
                .anySatisfy(e -> assertThat(e.value()).contains("63.0 Gb/s usable"));
    }

    @NearMiss("PCIE_CEILING_BELOW_PORTS")
    @Test
    void nearMissGen4x8CarriesOneHundredGigAlone() {
        // Gen4 x8: 126 Gb/s usable, 107 after overhead: enough for one 100G port, not for two.
        HostFacts h = HostFacts.healthy()
                .replace(PcieLink.class, HostFacts.pcie(16, 8, 16, 8))
                .replace(
                        Nic.class,
                        new Nic(HostFacts.NIC, "m", "mlx5_core", "1", 0, java.util.List.of("p0", "p1"), 100));
        assertThat(RuleHarness.ids(RuleHarness.diagnose(h.facts))).isEmpty();
    }

    @Fires("PCIE_LINK_DOWNGRADED")
    @Test
    void linkTrainedBelowItsCapabilityIsDowngraded() {
        HostFacts h = HostFacts.healthy().replace(PcieLink.class, HostFacts.pcie(16, 16, 16, 8));
        assertThat(RuleHarness.ids(RuleHarness.diagnose(h.facts))).contains("PCIE_LINK_DOWNGRADED@" + HostFacts.NIC);
    }

    @NearMiss("PCIE_LINK_DOWNGRADED")
    @Test
    void nearMissALinkAtItsCapabilityIsNotDowngraded() {
        HostFacts h = HostFacts.healthy().replace(PcieLink.class, HostFacts.pcie(16, 16, 16, 16));
        assertThat(RuleHarness.ids(RuleHarness.diagnose(h.facts))).isEmpty();
    }

    @Fires("PCIE_LINK_DOWNGRADED")
    @Test
    void aDowngradedLinkAboveTheNicIsReportedByItsTwoEnds() {
        PcieLink own = HostFacts.pcie(16, 16, 16, 16);
        PcieLink.Segment uplink = new PcieLink.Segment(
                "0000:39:00.0", "0000:38:00.0", 32, 16, 16, 16, "Speed 32GT/s, Width x16", "Speed 16GT/s, Width x16");
        PcieLink behindSwitch = new PcieLink(
                own.nic(),
                own.address(),
                own.capGeneration(),
                own.capWidth(),
                own.capGts(),
                own.generation(),
                own.width(),
                own.gts(),
                true,
                own.limitingAddress(),
                own.usableGbps(),
                own.maxPayload(),
                own.maxReadReq(),
                own.capLine(),
                own.staLine(),
                java.util.List.of(own.path().get(0), uplink));
        Diagnosis d = RuleHarness.diagnose(HostFacts.healthy().replace(PcieLink.class, behindSwitch).facts);
        Finding f = RuleHarness.only(d, "PCIE_LINK_DOWNGRADED@" + HostFacts.NIC);
        assertThat(f.evidence())
                .extracting(e -> e.value() + " | " + e.note())
                .containsExactly(
                        "Speed 32GT/s, Width x16 | LnkCap of the link 0000:39:00.0 - 0000:38:00.0 above the NIC: what both ends can do",
                        "Speed 16GT/s, Width x16 | LnkSta of the link 0000:39:00.0 - 0000:38:00.0 above the NIC: what it trained to");
    }

    @Fires("NUMA_NODE_UNKNOWN")
    @Test
    void numaNodeMinusOneOnTwoNodeHostFires() {
        HostFacts h = HostFacts.healthy().replace(Nic.class, HostFacts.nic(-1));
        assertThat(RuleHarness.ids(RuleHarness.diagnose(h.facts)))
                .containsExactly("NUMA_NODE_UNKNOWN@" + HostFacts.NIC);
    }

    @NearMiss("NUMA_NODE_UNKNOWN")
    @Test
    void nearMissNumaNodeMinusOneOnSingleNodeHostIsHarmless() {
        HostFacts h = HostFacts.healthy()
                .replace(Nic.class, HostFacts.nic(-1))
                .replace(Host.class, new Host("test-host", 32, 1, 2, 10.0));
        assertThat(RuleHarness.ids(RuleHarness.diagnose(h.facts))).isEmpty();
    }

    /** The healthy Gen4 x16 link with another MaxReadReq. */
    private static PcieLink maxReadReq(int bytes) {
        PcieLink l = HostFacts.pcie(16, 16, 16, 16);
        return new PcieLink(
                l.nic(),
                l.address(),
                l.capGeneration(),
                l.capWidth(),
                l.capGts(),
                l.generation(),
                l.width(),
                l.gts(),
                l.downgraded(),
                l.limitingAddress(),
                l.usableGbps(),
                l.maxPayload(),
                bytes,
                l.capLine(),
                l.staLine(),
                l.path());
    }

    @Fires("PCIE_MAXREADREQ_SMALL")
    @Test
    void maxReadReq512OnADualPort100gNicIsSmall() {
        HostFacts h = HostFacts.healthy().replace(PcieLink.class, maxReadReq(512));
        Diagnosis d = RuleHarness.diagnose(h.facts);
        Finding f = RuleHarness.only(d, "PCIE_MAXREADREQ_SMALL@" + HostFacts.NIC);
        assertThat(f.severity()).isEqualTo("low");
        assertThat(f.evidence())
                .anySatisfy(e -> assertThat(e.value()).isEqualTo("MaxPayload 256 bytes, MaxReadReq 512 bytes"));
        assertThat(f.actions()).singleElement().satisfies(a -> {
            assertThat(a.action()).isEqualTo("pcie-maxreadreq-4096");
            assertThat(a.parameters())
                    .containsExactlyInAnyOrderEntriesOf(java.util.Map.of("nic", HostFacts.NIC, "current", "512"));
        });
    }

    @NearMiss("PCIE_MAXREADREQ_SMALL")
    @Test
    void nearMissMaxReadReq512OnA50gNic() {
        HostFacts h = HostFacts.healthy()
                .replace(PcieLink.class, maxReadReq(512))
                .replace(
                        Nic.class, new Nic(HostFacts.NIC, "m", "mlx5_core", "1", 0, java.util.List.of("p0", "p1"), 50));
        assertThat(RuleHarness.ids(RuleHarness.diagnose(h.facts))).isEmpty();
    }

    @NearMiss("PCIE_MAXREADREQ_SMALL")
    @Test
    void nearMissMaxReadReq4096IsTheCeiling() {
        HostFacts h = HostFacts.healthy().replace(PcieLink.class, maxReadReq(4096));
        assertThat(RuleHarness.ids(RuleHarness.diagnose(h.facts))).isEmpty();
    }

    private static CpuFrequency governors(boolean nicLocal, String... perCpu) {
        java.util.List<Integer> slow = new java.util.ArrayList<>();
        java.util.List<Integer> all = new java.util.ArrayList<>();
        for (int cpu = 0; cpu < perCpu.length; cpu++) {
            all.add(cpu);
            if (!perCpu[cpu].equals("performance")) {
                slow.add(cpu);
            }
        }
        return new CpuFrequency(
                HostFacts.NIC,
                java.util.List.of("p0", "p1"),
                nicLocal,
                CpuSet.of(all),
                CpuSet.of(slow),
                slow.isEmpty() ? java.util.Map.of() : java.util.Map.of(perCpu[slow.get(0)], CpuSet.of(slow)));
    }

    @Fires("CPU_GOVERNOR_POWERSAVE")
    @Test
    void powersaveOnNicLocalCpusIsLowUnderThroughput() {
        HostFacts h = HostFacts.healthy();
        h.facts.add(governors(true, "performance", "powersave", "powersave"));
        Diagnosis d = RuleHarness.diagnose(h.facts);
        Finding f = RuleHarness.only(d, "CPU_GOVERNOR_POWERSAVE@" + HostFacts.NIC);
        assertThat(f.severity()).isEqualTo("low");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.evidence().get(0).source()).isEqualTo("/sys/devices/system/cpu/cpu1/cpufreq/scaling_governor");
        assertThat(f.actions()).singleElement().satisfies(a -> {
            assertThat(a.action()).isEqualTo("cpu-governor-performance");
            assertThat(a.parameters())
                    .containsExactlyInAnyOrderEntriesOf(java.util.Map.of("cpus", "1-2", "current", "powersave"));
        });
    }

    @Fires("CPU_GOVERNOR_POWERSAVE")
    @Test
    void powersaveIsMediumUnderTheLatencyProfile() {
        HostFacts h = HostFacts.healthy();
        h.facts.add(governors(true, "powersave"));
        assertThat(RuleHarness.diagnose(h.facts, "latency").findings())
                .singleElement()
                .satisfies(f -> assertThat(f.severity()).isEqualTo("medium"));
    }

    @Fires("CPU_GOVERNOR_POWERSAVE")
    @Test
    void governorsReadOnlyOffTheNicNodeStandForTheHostAndAreLikely() {
        HostFacts h = HostFacts.healthy();
        h.facts.add(governors(false, "schedutil"));
        assertThat(RuleHarness.diagnose(h.facts).findings())
                .singleElement()
                .satisfies(f -> assertThat(f.confidence()).isEqualTo("likely"));
    }

    @NearMiss("CPU_GOVERNOR_POWERSAVE")
    @Test
    void nearMissEveryNicLocalCpuAtPerformance() {
        HostFacts h = HostFacts.healthy();
        h.facts.add(governors(true, "performance", "performance"));
        assertThat(RuleHarness.ids(RuleHarness.diagnose(h.facts))).isEmpty();
    }

    private static io.rocedoctor.facts.PcieSwitchPeers peers(java.util.List<String> redirectingControls) {
        java.util.List<io.rocedoctor.facts.PcieSwitchPeers.Redirect> redirecting = redirectingControls.isEmpty()
                ? java.util.List.of()
                : java.util.List.of(
                        new io.rocedoctor.facts.PcieSwitchPeers.Redirect("0000:3a:01.0", redirectingControls));
        return new io.rocedoctor.facts.PcieSwitchPeers(
                "0000:39:00.0",
                java.util.List.of("0000:3c:00.0"),
                java.util.List.of("0000:3b:00.0"),
                java.util.List.of("0000:3a:01.0", "0000:3a:00.0"),
                redirecting,
                java.util.List.of(),
                "lspci -tv",
                "lspci -vvv");
    }

    @Fires("PCIE_ACS_BLOCKS_P2P")
    @Test
    void aSwitchPortRedirectingPeerToPeerBetweenAGpuAndANicIsCritical() {
        HostFacts h = HostFacts.healthy()
                .replace(
                        io.rocedoctor.facts.PcieSwitchPeers.class,
                        peers(java.util.List.of("SrcValid", "ReqRedir", "CmpltRedir")));
        Diagnosis d = RuleHarness.diagnose(h.facts);
        Finding f = RuleHarness.only(d, "PCIE_ACS_BLOCKS_P2P@0000:39:00.0");
        assertThat(f.severity()).isEqualTo("critical");
        assertThat(f.actions()).extracting(ActionProposal::action).containsExactly("pcie-acs-redirect-off");
    }

    @NearMiss("PCIE_ACS_BLOCKS_P2P")
    @Test
    void nearMissAcsOnWithoutRedirectionLetsPeerToPeerThrough() {
        HostFacts h =
                HostFacts.healthy().replace(io.rocedoctor.facts.PcieSwitchPeers.class, peers(java.util.List.of()));
        assertThat(RuleHarness.ids(RuleHarness.diagnose(h.facts))).isEmpty();
    }

    /** A healthy host with one GPU whose nearest RoCE NIC, mlx5_0, is at {@code level}; the host's best pair at {@code hostBest}. */
    private static HostFacts withAffinity(String gpu, String level, String hostBest) {
        return HostFacts.healthy()
                .replace(
                        io.rocedoctor.facts.GpuNicAffinity.class,
                        new io.rocedoctor.facts.GpuNicAffinity(
                                gpu, "mlx5_0", level, hostBest, "GPU0 and mlx5_0", "0-15", "nvidia-smi topo -m"));
    }

    @Fires("GPU_NIC_AFFINITY_POOR")
    @Test
    void aGpuWhoseNearestRoceNicIsOnTheOtherSocketHasPoorAffinity() {
        HostFacts h = withAffinity("GPU2", "SYS", "PHB");
        Finding f = RuleHarness.only(RuleHarness.diagnose(h.facts), "GPU_NIC_AFFINITY_POOR@GPU2");
        assertThat(f.severity()).isEqualTo("high");
        assertThat(f.actions()).extracting(ActionProposal::action).containsExactly("gpu-nic-affinity-layout");
    }

    /** PHB, through the host bridge: past PXB, where NCCL stops using GPUDirect RDMA by default. */
    @Fires("GPU_NIC_AFFINITY_POOR")
    @Test
    void aGpuBehindTheHostBridgeIsPoorWhereAnotherGpuHasItsNicBelowItsSwitch() {
        HostFacts h = withAffinity("GPU3", "PHB", "PXB");
        Finding f = RuleHarness.only(RuleHarness.diagnose(h.facts), "GPU_NIC_AFFINITY_POOR@GPU3");
        assertThat(f.evidence().get(0).value()).isEqualTo("GPU3 to mlx5_0: PHB");
    }

    @NearMiss("GPU_NIC_AFFINITY_POOR")
    @Test
    void nearMissPhbIsNotPoorWhereNoGpuOfTheHostDoesBetter() {
        HostFacts h = withAffinity("GPU3", "PHB", "PHB");
        assertThat(RuleHarness.ids(RuleHarness.diagnose(h.facts))).isEmpty();
    }

    @NearMiss("GPU_NIC_AFFINITY_POOR")
    @Test
    void nearMissNodeIsNotPoorWhereNoGpuOfTheHostHasANicBelowItsSwitch() {
        HostFacts h = withAffinity("GPU1", "NODE", "PHB");
        assertThat(RuleHarness.ids(RuleHarness.diagnose(h.facts))).isEmpty();
    }
}
