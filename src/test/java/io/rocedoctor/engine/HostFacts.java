package io.rocedoctor.engine;

import io.rocedoctor.facts.Bond;
import io.rocedoctor.facts.GroupTraffic;
import io.rocedoctor.facts.Host;
import io.rocedoctor.facts.IrqBinding;
import io.rocedoctor.facts.MultipathGroup;
import io.rocedoctor.facts.Nic;
import io.rocedoctor.facts.NumaNode;
import io.rocedoctor.facts.PcieLink;
import io.rocedoctor.facts.Port;
import io.rocedoctor.parse.CpuSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A typical two-socket host with one dual-port 100G NIC on node 0, healthy by default; each
 * test changes one thing. Keeps rule tests in the language of facts, not of text.
 */
public final class HostFacts {
    public static final String NIC = "0000:3b:00";
    public final List<Object> facts = new ArrayList<>();

    public static HostFacts healthy() {
        HostFacts h = new HostFacts();
        h.facts.add(new Host("test-host", 64, 2, 2, 10.0));
        h.facts.add(new NumaNode(0, CpuSet.of(range(0, 31))));
        h.facts.add(new NumaNode(1, CpuSet.of(range(32, 63))));
        h.facts.add(new Port("p0", NIC, NIC + ".0", 100000, 9000, 0, null));
        h.facts.add(new Port("p1", NIC, NIC + ".1", 100000, 9000, 0, null));
        h.facts.add(nic(0));
        h.facts.add(pcie(16, 16, 16, 16));
        for (int q = 0; q < 4; q++) {
            h.facts.add(new IrqBinding(
                    140 + q,
                    "mlx5_comp" + q + "@pci:" + NIC + ".0",
                    NIC,
                    NIC + ".0",
                    true,
                    CpuSet.of(q),
                    100000,
                    false,
                    CpuSet.of(q)));
        }
        return h;
    }

    public static Nic nic(Integer node) {
        return new Nic(NIC, "MT2892 Family [ConnectX-6 Dx]", "mlx5_core", "22.39.1002", node, List.of("p0", "p1"), 200);
    }

    /** A link capable of capGts x capWidth, trained at gts x width. */
    public static PcieLink pcie(double capGts, int capWidth, double gts, int width) {
        PcieLink.Segment own = new PcieLink.Segment(
                NIC + ".0",
                "0000:3a:00.0",
                capGts,
                capWidth,
                gts,
                width,
                "Speed " + capGts + "GT/s, Width x" + capWidth,
                "Speed " + gts + "GT/s, Width x" + width);
        return new PcieLink(
                NIC,
                NIC + ".0",
                gen(capGts),
                capWidth,
                capGts,
                gen(gts),
                width,
                gts,
                own.downgraded(),
                NIC + ".0",
                PcieLink.perLaneGbps(gts) * width,
                256,
                4096,
                own.capLine(),
                own.staLine(),
                List.of(own));
    }

    public HostFacts bond(String policy, double busiestShare, Double load) {
        facts.add(new Bond("bond0", "802.3ad", policy, List.of("p0", "p1")));
        facts.add(new MultipathGroup(
                "bond0", "bond", List.of("p0", "p1"), "bond xmit_hash_policy " + policy, policy.contains("3+4")));
        if (load != null || busiestShare > 0) {
            facts.add(new GroupTraffic(
                    "bond0",
                    "tx",
                    Map.of("p0", busiestShare, "p1", 1 - busiestShare),
                    Map.of(),
                    "p0",
                    busiestShare,
                    load,
                    false,
                    Map.of("p0", "ethtool -S p0", "p1", "ethtool -S p1")));
        }
        return this;
    }

    public HostFacts replace(Class<?> type, Object replacement) {
        facts.removeIf(type::isInstance);
        facts.add(replacement);
        return this;
    }

    public HostFacts pinIrqsTo(int... cpus) {
        facts.removeIf(IrqBinding.class::isInstance);
        for (int q = 0; q < cpus.length; q++) {
            facts.add(new IrqBinding(
                    140 + q,
                    "mlx5_comp" + q + "@pci:" + NIC + ".0",
                    NIC,
                    NIC + ".0",
                    true,
                    CpuSet.of(cpus[q]),
                    100000,
                    false,
                    CpuSet.of(cpus[q])));
        }
        return this;
    }

    private static int gen(double gts) {
        return gts >= 32 ? 5 : gts >= 16 ? 4 : gts >= 8 ? 3 : gts >= 5 ? 2 : 1;
    }

    static int[] range(int from, int to) {
        int[] r = new int[to - from + 1];
        for (int i = 0; i < r.length; i++) {
            r[i] = from + i;
        }
        return r;
    }
}
