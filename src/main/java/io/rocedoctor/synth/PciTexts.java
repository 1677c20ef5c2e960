package io.rocedoctor.synth;

import io.rocedoctor.synth.HostModel.GpuModel;
import io.rocedoctor.synth.HostModel.NicModel;
import io.rocedoctor.synth.HostModel.PortModel;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The PCIe views of a synthesized host: {@code lspci -vvv}, {@code lspci -tv} and
 * {@code nvidia-smi topo -m}, all from one list of PCI functions. A NIC without GPUs sits on a root
 * port of its own; a NIC with GPUs sits with them below a Broadcom PEX880xx Gen4 switch (root port,
 * the switch's upstream port, one downstream port per device), whose downstream ports print their
 * ACS capability and controls (pciutils ls-ecaps.c {@code cap_acs}: seven {@code Name+/-} flags each).
 */
final class PciTexts {
    private static final String SWITCH = "Broadcom / LSI PEX880xx PCIe Gen 4 Switch";
    private static final String GPU = "NVIDIA Corporation GA100 [A100 PCIe 80GB]";
    private static final String[] ACS_FLAGS = {
        "SrcValid", "TransBlk", "ReqRedir", "CmpltRedir", "UpstreamFwd", "EgressCtrl", "DirectTrans"
    };

    private final HostModel host;

    PciTexts(HostModel host) {
        this.host = host;
    }

    /**
     * One PCI function: its address, the class and name {@code lspci -vvv} heads it with, the vendor and
     * device name {@code lspci -tv} prints, the bus range behind it when it is a bridge (secondary -1
     * otherwise), and the indented lines {@code lspci -vvv} prints under its head.
     */
    private record Function(
            int bus, int device, int function, String head, String name, int secondary, int subordinate, String body) {
        boolean bridge() {
            return secondary >= 0;
        }

        String address() {
            return String.format("%02x:%02x.%d", bus, device, function);
        }
    }

    /** Every function, in the order lspci sorts them (bus, device, function). */
    private List<Function> functions() {
        List<Function> out = new ArrayList<>();
        for (GpuModel gpu : host.ownRootPortGpus) {
            out.add(rootPort(gpu.bus - 1, gpu.bus, gpu.bus, gpu.node, 16, 16, out.size()));
            out.add(gpu(gpu));
        }
        for (NicModel nic : host.nics) {
            if (nic.behindSwitch()) {
                int last = nic.bus + nic.gpus.size();
                out.add(rootPort(nic.bus - 3, nic.bus - 2, last, nic.reportedNode, 16, 16, nic.index));
                out.add(switchPort(nic, nic.bus - 2, 0, nic.bus - 1, last, "Upstream Port", 0, 16, 16));
                out.add(switchPort(
                        nic, nic.bus - 1, 0, nic.bus, nic.bus, "Downstream Port (Slot+)", 8, nic.gts, nic.width));
                for (int g = 0; g < nic.gpus.size(); g++) {
                    int bus = nic.gpus.get(g).bus;
                    out.add(switchPort(nic, nic.bus - 1, g + 1, bus, bus, "Downstream Port (Slot+)", 9 + g, 16, 16));
                }
            } else {
                out.add(rootPort(nic.bus - 1, nic.bus, nic.bus, nic.reportedNode, nic.gts, nic.width, nic.index));
            }
            for (PortModel p : nic.ports) {
                out.add(nicFunction(nic, p));
            }
            nic.gpus.forEach(g -> out.add(gpu(g)));
        }
        out.sort(Comparator.comparingInt(Function::bus)
                .thenComparingInt(Function::device)
                .thenComparingInt(Function::function));
        return out;
    }

    String lspci() {
        StringBuilder out = new StringBuilder();
        for (Function f : functions()) {
            out.append(f.address())
                    .append(' ')
                    .append(f.head())
                    .append('\n')
                    .append(f.body())
                    .append('\n');
        }
        return out.toString();
    }

    /**
     * {@code lspci -tv} as pciutils' ls-tree.c prints it: bridges hang below the bridge whose bus range
     * holds their bus, the other functions' buses are root buses of the host bridge (bus 00 always,
     * empty here: the host's chipset functions are not synthesized), each new one put first, so
     * root buses print from the highest; a bus's functions print in order, {@code --} before the only
     * one, {@code +-} before each but the last and {@code \-} before the last; once a line is out, its
     * {@code +} and {@code |} stay as {@code |} and the rest turns blank for the lines under it.
     */
    String lspciTree() {
        List<Function> functions = functions();
        List<Integer> rootBuses = new ArrayList<>(List.of(0));
        for (Function f : functions) {
            if (parentBridge(functions, f.bus()) == null && !rootBuses.contains(f.bus())) {
                rootBuses.add(0, f.bus());
            }
        }
        Tree tree = new Tree(functions);
        int p = tree.put(0, "-");
        if (rootBuses.size() == 1) {
            tree.bus(rootBuses.get(0), tree.put(p, String.format("[0000:%02x]-", rootBuses.get(0))));
        } else {
            for (int i = 0; i < rootBuses.size(); i++) {
                String lead = i < rootBuses.size() - 1 ? "+-" : "\\-";
                tree.bus(rootBuses.get(i), tree.put(p, String.format("%s[0000:%02x]-", lead, rootBuses.get(i))));
            }
        }
        return tree.out.toString();
    }

    /** The bridge with the narrowest bus range holding {@code bus}, as ls-tree.c picks the parent; null: none. */
    private static Function parentBridge(List<Function> functions, int bus) {
        Function best = null;
        for (Function b : functions) {
            if (b.bridge()
                    && b.secondary() <= bus
                    && bus <= b.subordinate()
                    && (best == null || best.subordinate() - best.secondary() > b.subordinate() - b.secondary())) {
                best = b;
            }
        }
        return best;
    }

    /** ls-tree.c's line buffer and its show_tree_bus / show_tree_dev walk. */
    private static final class Tree {
        final List<Function> functions;
        final char[] line = new char[512];
        final StringBuilder out = new StringBuilder();

        Tree(List<Function> functions) {
            this.functions = functions;
        }

        int put(int p, String s) {
            s.getChars(0, s.length(), line, p);
            return p + s.length();
        }

        void bus(int bus, int p) {
            List<Function> on = functions.stream().filter(f -> f.bus() == bus).toList();
            if (on.isEmpty()) {
                print(p);
            } else if (on.size() == 1) {
                device(on.get(0), put(p, "--"));
            } else {
                for (int i = 0; i < on.size(); i++) {
                    device(on.get(i), put(p, i < on.size() - 1 ? "+-" : "\\-"));
                }
            }
        }

        void device(Function f, int p) {
            p = put(p, String.format("%02x.%x", f.device(), f.function()));
            if (f.bridge()) {
                p = put(
                        p,
                        f.secondary() == f.subordinate()
                                ? String.format("-[%02x]-", f.secondary())
                                : String.format("-[%02x-%02x]-", f.secondary(), f.subordinate()));
                // A bridge's own bus is its only one: show_tree_bridge prints it after a '-'.
                bus(f.secondary(), put(p, "-"));
                return;
            }
            print(put(p, "  " + f.name()));
        }

        void print(int p) {
            out.append(line, 0, p).append('\n');
            for (int i = 0; i < p; i++) {
                line[i] = line[i] == '+' || line[i] == '|' ? '|' : ' ';
            }
        }
    }

    private Function rootPort(int bus, int secondary, int subordinate, int node, double gts, int width, int port) {
        StringBuilder b = new StringBuilder()
                .append(
                        "\tControl: I/O+ Mem+ BusMaster+ SpecCycle- MemWINV- VGASnoop- ParErr- Stepping- SERR+ FastB2B- DisINTx+\n")
                .append("\tLatency: 0, Cache Line Size: 32 bytes\n");
        numaLine(b, node);
        b.append(String.format(
                        "\tBus: primary=%02x, secondary=%02x, subordinate=%02x, sec-latency=0%n",
                        bus, secondary, subordinate))
                .append("\tCapabilities: [40] Express (v2) Root Port (Slot+), MSI 00\n")
                .append("\t\tDevCap:\tMaxPayload 512 bytes, PhantFunc 0\n\t\t\tExtTag+ RBE+\n")
                .append(
                        "\t\tDevCtl:\tCorrErr+ NonFatalErr+ FatalErr+ UnsupReq-\n\t\t\tRlxdOrd- ExtTag+ PhantFunc- AuxPwr- NoSnoop+\n")
                .append("\t\t\tMaxPayload 256 bytes, MaxReadReq 128 bytes\n")
                .append("\t\tLnkCap:\tPort #")
                .append(port)
                .append(", Speed 16GT/s, Width x16, ASPM not supported\n")
                .append("\t\t\tClockPM- Surprise+ LLActRep+ BwNot+ ASPMOptComp+\n")
                .append("\t\tLnkSta:\tSpeed ")
                .append(gts(gts))
                .append("GT/s (ok), Width x")
                .append(width)
                .append(" (ok)\n\t\t\tTrErr- Train- SlotClk+ DLActive+ BWMgmt+ ABWMgmt-\n")
                .append("\tKernel driver in use: pcieport\n");
        return new Function(
                bus,
                0,
                0,
                "PCI bridge: Intel Corporation Ice Lake PCI Express Root Port A (rev 04) (prog-if 00 [Normal decode])",
                "Intel Corporation Ice Lake PCI Express Root Port A",
                secondary,
                subordinate,
                b.toString());
    }

    /** A port of the PEX880xx switch a NIC shares with its GPUs; downstream ports print their ACS. */
    private Function switchPort(
            NicModel nic,
            int bus,
            int device,
            int secondary,
            int subordinate,
            String type,
            int port,
            double gts,
            int width) {
        StringBuilder b = new StringBuilder()
                .append(
                        "\tControl: I/O+ Mem+ BusMaster+ SpecCycle- MemWINV- VGASnoop- ParErr- Stepping- SERR+ FastB2B- DisINTx+\n")
                .append("\tLatency: 0, Cache Line Size: 32 bytes\n");
        numaLine(b, nic.reportedNode);
        b.append(String.format(
                        "\tBus: primary=%02x, secondary=%02x, subordinate=%02x, sec-latency=0%n",
                        bus, secondary, subordinate))
                .append("\tCapabilities: [68] Express (v2) ")
                .append(type)
                .append(", MSI 00\n")
                .append("\t\tDevCap:\tMaxPayload 512 bytes, PhantFunc 0\n\t\t\tExtTag+ RBE+\n")
                .append(
                        "\t\tDevCtl:\tCorrErr+ NonFatalErr+ FatalErr+ UnsupReq-\n\t\t\tRlxdOrd- ExtTag+ PhantFunc- AuxPwr- NoSnoop+\n")
                .append("\t\t\tMaxPayload 256 bytes, MaxReadReq 512 bytes\n")
                .append("\t\tLnkCap:\tPort #")
                .append(port)
                .append(", Speed 16GT/s, Width x16, ASPM L1, Exit Latency L1 <4us\n")
                .append("\t\t\tClockPM- Surprise- LLActRep+ BwNot+ ASPMOptComp+\n")
                .append("\t\tLnkSta:\tSpeed ")
                .append(gts(gts))
                .append("GT/s (ok), Width x")
                .append(width)
                .append(" (ok)\n\t\t\tTrErr- Train- SlotClk+ DLActive+ BWMgmt- ABWMgmt-\n");
        if (type.startsWith("Downstream")) {
            b.append("\tCapabilities: [220 v1] Access Control Services\n")
                    .append("\t\tACSCap:\t")
                    .append(acsFlags("+++++++"))
                    .append("\n\t\tACSCtl:\t")
                    // Linux's pci_std_enable_acs turns on SrcValid, ReqRedir, CmpltRedir and UpstreamFwd together.
                    .append(acsFlags(nic.acsRedirect ? "+-+++--" : "-------"))
                    .append('\n');
        }
        b.append("\tKernel driver in use: pcieport\n");
        return new Function(
                bus,
                device,
                0,
                "PCI bridge: " + SWITCH + " (rev b0) (prog-if 00 [Normal decode])",
                SWITCH,
                secondary,
                subordinate,
                b.toString());
    }

    private static String acsFlags(String signs) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < ACS_FLAGS.length; i++) {
            b.append(i == 0 ? "" : " ").append(ACS_FLAGS[i]).append(signs.charAt(i));
        }
        return b.toString();
    }

    private Function gpu(GpuModel gpu) {
        StringBuilder b = new StringBuilder()
                .append("\tSubsystem: NVIDIA Corporation Device 1533\n")
                .append(
                        "\tControl: I/O- Mem+ BusMaster+ SpecCycle- MemWINV- VGASnoop- ParErr- Stepping- SERR- FastB2B- DisINTx+\n")
                .append("\tLatency: 0\n")
                .append("\tInterrupt: pin A routed to IRQ ")
                .append(18 + gpu.bus % 8)
                .append('\n');
        numaLine(b, gpu.node);
        b.append(String.format(
                        "\tRegion 0: Memory at %x (32-bit, non-prefetchable) [size=16M]%n",
                        0xa0000000L + gpu.bus * 0x1000000L))
                .append(String.format(
                        "\tRegion 1: Memory at %x (64-bit, prefetchable) [size=128G]%n",
                        0x20000000000L + gpu.bus * 0x2000000000L))
                .append("\tCapabilities: [60] Power Management version 3\n")
                .append("\tCapabilities: [78] Express (v2) Endpoint, MSI 00\n")
                .append("\t\tDevCap:\tMaxPayload 256 bytes, PhantFunc 0, Latency L0s unlimited, L1 <64us\n")
                .append("\t\t\tExtTag+ AttnBtn- AttnInd- PwrInd- RBE+ FLReset+ SlotPowerLimit 75.000W\n")
                .append("\t\tDevCtl:\tCorrErr+ NonFatalErr+ FatalErr+ UnsupReq-\n")
                .append("\t\t\tRlxdOrd+ ExtTag+ PhantFunc- AuxPwr- NoSnoop+ FLReset-\n")
                .append("\t\t\tMaxPayload 256 bytes, MaxReadReq 4096 bytes\n")
                .append("\t\tLnkCap:\tPort #0, Speed 16GT/s, Width x16, ASPM not supported\n")
                .append("\t\t\tClockPM+ Surprise- LLActRep- BwNot- ASPMOptComp+\n")
                .append("\t\tLnkSta:\tSpeed 16GT/s (ok), Width x16 (ok)\n")
                .append("\t\t\tTrErr- Train- SlotClk+ DLActive- BWMgmt- ABWMgmt-\n")
                .append("\tCapabilities: [100 v1] Virtual Channel\n")
                .append("\tKernel driver in use: nvidia\n")
                .append("\tKernel modules: nvidiafb, nouveau, nvidia_drm, nvidia\n");
        return new Function(gpu.bus, 0, 0, "3D controller: " + GPU + " (rev a1)", GPU, -1, -1, b.toString());
    }

    private Function nicFunction(NicModel nic, PortModel p) {
        StringBuilder out = new StringBuilder()
                .append("\tSubsystem: Mellanox Technologies Device 0016\n")
                .append("\tPhysical Slot: ")
                .append(nic.index + 1)
                .append('\n')
                .append(
                        "\tControl: I/O- Mem+ BusMaster+ SpecCycle- MemWINV- VGASnoop- ParErr- Stepping- SERR- FastB2B- DisINTx+\n")
                .append("\tLatency: 0, Cache Line Size: 32 bytes\n")
                .append("\tInterrupt: pin A routed to IRQ ")
                .append(16 + nic.index)
                .append('\n');
        numaLine(out, nic.reportedNode);
        out.append(String.format(
                        "\tRegion 0: Memory at %x (64-bit, prefetchable) [size=32M]%n",
                        0x387ffc000000L - nic.index * 0x4000000L + p.function * 0x2000000L))
                .append("\tCapabilities: [60] Express (v2) Endpoint, MSI 00\n")
                .append("\t\tDevCap:\tMaxPayload 512 bytes, PhantFunc 0, Latency L0s unlimited, L1 unlimited\n")
                .append("\t\t\tExtTag+ AttnBtn- AttnInd- PwrInd- RBE+ FLReset+ SlotPowerLimit 75.000W\n")
                .append("\t\tDevCtl:\tCorrErr+ NonFatalErr+ FatalErr+ UnsupReq+\n")
                .append("\t\t\tRlxdOrd+ ExtTag+ PhantFunc- AuxPwr- NoSnoop+ FLReset-\n")
                .append("\t\t\tMaxPayload 256 bytes, MaxReadReq ")
                .append(nic.maxReadReq)
                .append(" bytes\n")
                .append("\t\tDevSta:\tCorrErr- NonFatalErr- FatalErr- UnsupReq- AuxPwr- TransPend-\n")
                .append("\t\tLnkCap:\tPort #0, Speed ")
                .append(gts(nic.capGts))
                .append("GT/s, Width x")
                .append(nic.capWidth)
                .append(", ASPM not supported\n\t\t\tClockPM- Surprise- LLActRep- BwNot- ASPMOptComp+\n")
                .append("\t\tLnkCtl:\tASPM Disabled; RCB 64 bytes, Disabled- CommClk+\n")
                .append("\t\t\tExtSynch- ClockPM- AutWidDis- BWInt- AutBWInt-\n")
                .append("\t\tLnkSta:\tSpeed ")
                .append(gts(nic.gts))
                .append(nic.gts < nic.capGts ? "GT/s (downgraded)" : "GT/s (ok)")
                .append(", Width x")
                .append(nic.width)
                .append(nic.width < nic.capWidth ? " (downgraded)" : " (ok)")
                .append("\n\t\t\tTrErr- Train- SlotClk+ DLActive- BWMgmt- ABWMgmt-\n")
                .append("\tCapabilities: [48] Vital Product Data\n")
                .append("\t\tProduct Name: ConnectX adapter card, 100GbE, dual-port QSFP56\n")
                .append("\t\tRead-only fields:\n\t\t\t[PN] Part number: ")
                .append(nic.partNumber)
                .append('\n')
                .append("\t\t\t[SN] Serial number: MT2")
                .append(String.format("%09d", Math.floorMod(host.seed * 31 + nic.index, 1_000_000_000L)))
                .append('\n')
                .append("\t\tEnd\n")
                .append("\tCapabilities: [100 v1] Advanced Error Reporting\n")
                .append("\tKernel driver in use: mlx5_core\n\tKernel modules: mlx5_core\n");
        return new Function(
                nic.bus,
                0,
                p.function,
                "Ethernet controller: " + nic.lspciName(),
                nic.lspciName(),
                -1,
                -1,
                out.toString());
    }

    /** lspci prints no NUMA line when the platform does not know the node. */
    private static void numaLine(StringBuilder out, int node) {
        if (node >= 0) {
            out.append("\tNUMA node: ").append(node).append('\n');
        }
    }

    private static String gts(double gts) {
        return gts == Math.rint(gts) ? String.valueOf((long) gts) : String.valueOf(gts);
    }

    /**
     * {@code nvidia-smi topo -m} as R535 drivers print it (the layout of NvidiaTopoParser's Javadoc and
     * of the outputs it was read against): a header of GPU and NIC columns, then {@code CPU Affinity},
     * {@code NUMA Affinity}, {@code GPU NUMA ID}; a row per GPU and per NIC (each RDMA device a NIC), tab
     * separated, {@code  X } on the diagonal; the legend and the NIC legend. Null when the host has no GPU
     * (nvidia-smi is not installed there).
     */
    String nvidiaSmiTopo() {
        List<GpuModel> gpus = host.gpus();
        if (gpus.isEmpty()) {
            return null;
        }
        List<PortModel> nics = host.ports();
        StringBuilder out = new StringBuilder();
        for (int g = 0; g < gpus.size(); g++) {
            out.append("\tGPU").append(g);
        }
        for (int n = 0; n < nics.size(); n++) {
            out.append("\tNIC").append(n);
        }
        out.append("\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID\n");
        for (GpuModel gpu : gpus) {
            out.append(host.gpuName(gpu));
            for (GpuModel other : gpus) {
                out.append('\t')
                        .append(other == gpu ? " X " : level(gpu.switchNic, gpu.node, other.switchNic, other.node));
            }
            for (PortModel p : nics) {
                out.append('\t').append(level(gpu.switchNic, gpu.node, p.nic, p.nic.node));
            }
            int[] cpus = host.cpusOf(gpu.node);
            out.append('\t')
                    .append(cpus[0])
                    .append('-')
                    .append(cpus[cpus.length - 1])
                    .append('\t')
                    .append(gpu.node)
                    .append("\t\tN/A\n");
        }
        for (int n = 0; n < nics.size(); n++) {
            PortModel p = nics.get(n);
            out.append("NIC").append(n);
            for (GpuModel gpu : gpus) {
                out.append('\t').append(level(p.nic, p.nic.node, gpu.switchNic, gpu.node));
            }
            for (PortModel other : nics) {
                out.append('\t').append(other == p ? " X " : level(p.nic, p.nic.node, other.nic, other.nic.node));
            }
            out.append("\t\t\t\t\n");
        }
        out.append("\nLegend:\n\n")
                .append("  X    = Self\n")
                .append(
                        "  SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)\n")
                .append(
                        "  NODE = Connection traversing PCIe as well as the interconnect between PCIe Host Bridges within a NUMA node\n")
                .append("  PHB  = Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)\n")
                .append(
                        "  PXB  = Connection traversing multiple PCIe bridges (without traversing the PCIe Host Bridge)\n")
                .append("  PIX  = Connection traversing at most a single PCIe bridge\n")
                .append("  NV#  = Connection traversing a bonded set of # NVLinks\n")
                .append("\nNIC Legend:\n\n");
        for (int n = 0; n < nics.size(); n++) {
            out.append("  NIC")
                    .append(n)
                    .append(": ")
                    .append(nics.get(n).rdmaDevice)
                    .append('\n');
        }
        return out.toString();
    }

    /**
     * How two devices connect: below one PCIe switch (or functions of one NIC) PIX; else on root ports
     * of different host bridges (each root port here has its own root bus) NODE within a NUMA node,
     * SYS across nodes. {@code switchNic} is the NIC whose switch a device sits below (a NIC: itself
     * when it has a switch or is the same card), null for a GPU on its own root port.
     */
    private static String level(NicModel a, int nodeA, NicModel b, int nodeB) {
        if (a != null && a == b) {
            return "PIX";
        }
        return nodeA == nodeB ? "NODE" : "SYS";
    }
}
