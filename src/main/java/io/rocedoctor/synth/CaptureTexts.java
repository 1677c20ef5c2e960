package io.rocedoctor.synth;

import io.rocedoctor.synth.HostModel.NicModel;
import io.rocedoctor.synth.HostModel.PortModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * What each command of a full capture prints for a synthesized host, in the formats the
 * parsers read (their Javadoc samples and the real outputs they were tested against). Counter
 * values are a seeded base plus rate x time, so two samples give the rates the model says.
 */
final class CaptureTexts {
    /** The first interrupt number the NICs' vectors get. */
    private static final int FIRST_NIC_IRQ = 120;

    private static final String[] MTU_CODES = {"256 (1)", "512 (2)", "1024 (3)", "2048 (4)", "4096 (5)"};

    private final HostModel host;

    CaptureTexts(HostModel host) {
        this.host = host;
    }

    /** One interrupt vector of a NIC function. */
    record IrqLine(int irq, PortModel port, String name, boolean completion, int cpu) {}

    List<IrqLine> irqLines() {
        List<IrqLine> out = new ArrayList<>();
        int irq = FIRST_NIC_IRQ;
        for (PortModel p : host.ports()) {
            int[] local = host.cpusOf(p.nic.node);
            out.add(new IrqLine(irq++, p, "mlx5_async0@pci:" + p.pciAddress(), false, local[0]));
            int[] cpus = host.cpusOf(p.nic.irqNode);
            for (int q = 0; q < host.shape.queues(); q++) {
                int cpu = p.nic.irqsOnOneCpu ? cpus[0] : cpus[q % cpus.length];
                out.add(new IrqLine(irq++, p, "mlx5_comp" + q + "@pci:" + p.pciAddress(), true, cpu));
            }
        }
        return out;
    }

    String lscpu() {
        HostShape s = host.shape;
        StringBuilder out = new StringBuilder();
        kv(out, "Architecture:", "x86_64");
        kv(out, "CPU op-mode(s):", "32-bit, 64-bit");
        kv(out, "Address sizes:", "46 bits physical, 57 bits virtual");
        kv(out, "Byte Order:", "Little Endian");
        kv(out, "CPU(s):", String.valueOf(s.cpus()));
        kv(out, "On-line CPU(s) list:", "0-" + (s.cpus() - 1));
        kv(out, "Vendor ID:", "GenuineIntel");
        kv(out, "Model name:", "Intel(R) Xeon(R) Gold 6348 CPU @ 2.60GHz");
        kv(out, "Thread(s) per core:", "2");
        kv(out, "Core(s) per socket:", String.valueOf(Math.max(1, s.cpus() / 2 / s.numaNodes())));
        kv(out, "Socket(s):", String.valueOf(s.numaNodes()));
        kv(out, "NUMA node(s):", String.valueOf(s.numaNodes()));
        for (int n = 0; n < s.numaNodes(); n++) {
            int[] cpus = host.cpusOf(n);
            kv(out, "NUMA node" + n + " CPU(s):", cpus[0] + "-" + cpus[cpus.length - 1]);
        }
        return out.toString();
    }

    private static void kv(StringBuilder out, String key, String value) {
        out.append(key)
                .append(" ".repeat(Math.max(1, 33 - key.length())))
                .append(value)
                .append('\n');
    }

    String numactl() {
        int nodes = host.shape.numaNodes();
        StringBuilder out = new StringBuilder("available: " + nodes + " nodes (0-" + (nodes - 1) + ")\n");
        for (int n = 0; n < nodes; n++) {
            out.append("node ").append(n).append(" cpus:");
            for (int c : host.cpusOf(n)) {
                out.append(' ').append(c);
            }
            out.append("\nnode ")
                    .append(n)
                    .append(" size: 257655 MB\nnode ")
                    .append(n)
                    .append(" free: ")
                    .append(180000 + Math.floorMod(host.seed + n, 60000))
                    .append(" MB\n");
        }
        out.append("node distances:\nnode ");
        for (int n = 0; n < nodes; n++) {
            out.append(String.format(Locale.ROOT, "%3d ", n));
        }
        out.append('\n');
        for (int a = 0; a < nodes; a++) {
            out.append(String.format(Locale.ROOT, "%3d: ", a));
            for (int b = 0; b < nodes; b++) {
                out.append(String.format(Locale.ROOT, "%3d ", a == b ? 10 : 21));
            }
            out.append('\n');
        }
        return out.toString();
    }

    /** The header, a few platform lines, every NIC vector, and the per-CPU summary rows, as the kernel aligns them. */
    String interrupts(List<IrqLine> lines, int sample) {
        int cpus = host.shape.cpus();
        int width = String.valueOf(FIRST_NIC_IRQ + lines.size()).length();
        StringBuilder out = new StringBuilder((lines.size() + 12) * (cpus * 11 + 60));
        out.append(" ".repeat(width + 8));
        for (int c = 0; c < cpus; c++) {
            String label = "CPU" + c;
            out.append(label).append(" ".repeat(Math.max(1, 11 - label.length())));
        }
        stripTrailing(out);
        out.append('\n');
        long seconds = (long) host.shape.intervalSeconds() * sample;
        platformRow(out, width, "0", 0, 35, 0, "IR-IO-APIC    2-edge      timer");
        platformRow(out, width, "8", 0, 1, 0, "IR-IO-APIC    8-edge      rtc0");
        platformRow(out, width, "9", 0, 4, 0, "IR-IO-APIC    9-fasteoi   acpi");
        for (IrqLine l : lines) {
            long base = Seeds.between(host.seed, "irq" + l.irq(), 1_000_000, 900_000_000);
            long rate = l.completion() ? 1500 + Seeds.between(host.seed, "irqrate" + l.irq(), 0, 1000) : 2;
            padLeft(out, l.irq() + ":", width + 1);
            for (int c = 0; c < cpus; c++) {
                out.append(' ');
                padLeft(out, c == l.cpu() ? Long.toString(base + rate * seconds) : "0", 10);
            }
            out.append("  IR-PCI-MSIX-")
                    .append(l.port().pciAddress())
                    .append(' ')
                    .append(l.port().function * 2048 + l.irq())
                    .append("-edge      ")
                    .append(l.name())
                    .append('\n');
        }
        summaryRow(out, width, "NMI", 12 + sample, "Non-maskable interrupts");
        summaryRow(out, width, "LOC", 20_000_000 + 1000 * seconds, "Local timer interrupts");
        summaryRow(out, width, "RES", 400_000 + 50 * seconds, "Rescheduling interrupts");
        summaryRow(out, width, "CAL", 90_000 + 10 * seconds, "Function call interrupts");
        padLeft(out, "ERR:", width + 1);
        out.append(' ');
        padLeft(out, "0", 10);
        out.append('\n');
        padLeft(out, "MIS:", width + 1);
        out.append(' ');
        padLeft(out, "0", 10);
        out.append('\n');
        return out.toString();
    }

    private void platformRow(StringBuilder out, int width, String irq, int cpu, long count, long rate, String tail) {
        padLeft(out, irq + ":", width + 1);
        for (int c = 0; c < host.shape.cpus(); c++) {
            out.append(' ');
            padLeft(out, c == cpu ? Long.toString(count + rate) : "0", 10);
        }
        out.append("  ").append(tail).append('\n');
    }

    private void summaryRow(StringBuilder out, int width, String label, long count, String tail) {
        padLeft(out, label + ":", width + 1);
        String value = Long.toString(count);
        for (int c = 0; c < host.shape.cpus(); c++) {
            out.append(' ');
            padLeft(out, value, 10);
        }
        out.append("   ").append(tail).append('\n');
    }

    private static void padLeft(StringBuilder out, String s, int width) {
        for (int i = s.length(); i < width; i++) {
            out.append(' ');
        }
        out.append(s);
    }

    private static void stripTrailing(StringBuilder out) {
        while (out.length() > 0 && out.charAt(out.length() - 1) == ' ') {
            out.setLength(out.length() - 1);
        }
    }

    String affinity(IrqLine line) {
        return line.cpu() + "\n";
    }

    String ethtoolDriver(PortModel p) {
        return "driver: mlx5_core\nversion: " + p.nic.driverVersion + "\nfirmware-version: " + p.nic.firmware + " ("
                + p.nic.psid + ")\n"
                + "expansion-rom-version: \nbus-info: " + p.pciAddress()
                + "\nsupports-statistics: yes\nsupports-test: yes\n"
                + "supports-eeprom-access: no\nsupports-register-dump: no\nsupports-priv-flags: yes\n";
    }

    String ethtoolLink(PortModel p) {
        return "Settings for " + p.netdev + ":\n"
                + "\tSupported ports: [ FIBRE ]\n"
                + "\tSupported link modes:   10000baseKR/Full\n"
                + "\t                        25000baseCR/Full\n"
                + "\t                        50000baseCR2/Full\n"
                + "\t                        100000baseCR4/Full\n"
                + "\tSupported pause frame use: Symmetric\n"
                + "\tSupports auto-negotiation: Yes\n"
                + "\tSupported FEC modes: None RS BASER\n"
                + "\tAdvertised link modes:  100000baseCR4/Full\n"
                + "\tAdvertised pause frame use: Symmetric\n"
                + "\tAdvertised auto-negotiation: Yes\n"
                + "\tAdvertised FEC modes: RS\n"
                + "\tLink partner advertised link modes:  100000baseCR4/Full\n"
                + "\tSpeed: " + p.speedMbps + "Mb/s\n"
                + "\tDuplex: Full\n"
                + "\tAuto-negotiation: on\n"
                + "\tPort: Direct Attach Copper\n"
                + "\tPHYAD: 0\n"
                + "\tTransceiver: internal\n"
                + "\tSupports Wake-on: d\n"
                + "\tWake-on: d\n"
                + "\tLink detected: yes\n";
    }

    /** The priority RDMA CM traffic of a port gets: ToS -> DSCP -> mlx5's default DSCP map, or the ToS precedence under trust pcp. */
    static int rocePriority(PortModel p) {
        return "dscp".equals(p.trust) ? (p.tos >> 2) >> 3 : p.tos >> 5;
    }

    /** mlx5's ethtool -S names, port-wide then per channel; RDMA bytes count on the phy and vport_rdma counters only. */
    String ethtoolStats(PortModel p, int sample) {
        double line = p.speedMbps * 1e6 / 8;
        double tx = p.txLoad * line;
        double rx = p.rxLoad * line;
        double netTx = tx * 0.02;
        double netRx = rx * 0.02;
        int prio = rocePriority(p);
        Map<String, Double> rates = new LinkedHashMap<>();
        rates.put("rx_packets", netRx / 1400);
        rates.put("rx_bytes", netRx);
        rates.put("tx_packets", netTx / 1400);
        rates.put("tx_bytes", netTx);
        rates.put("tx_tso_packets", netTx / 60000);
        rates.put("tx_tso_bytes", netTx * 0.6);
        rates.put("rx_lro_packets", 0.0);
        rates.put("rx_csum_unnecessary", 0.0);
        rates.put("rx_csum_none", 0.0);
        rates.put("rx_csum_complete", netRx / 1400);
        rates.put("tx_csum_partial", netTx / 1400);
        rates.put("tx_queue_stopped", 0.0);
        rates.put("tx_queue_wake", 0.0);
        rates.put("tx_queue_dropped", 0.0);
        rates.put("tx_xmit_more", netTx / 9000);
        rates.put("rx_wqe_err", 0.0);
        rates.put("rx_mpwqe_filler_cqes", 0.0);
        rates.put("rx_buff_alloc_err", 0.0);
        rates.put("rx_cqe_compress_blks", 0.0);
        rates.put("rx_cache_reuse", netRx / 4096);
        rates.put("rx_cache_full", 0.0);
        rates.put("link_down_events_phy", 0.0);
        rates.put("rx_out_of_buffer", 0.0);
        rates.put("rx_vport_unicast_packets", netRx / 1400);
        rates.put("rx_vport_unicast_bytes", netRx);
        rates.put("tx_vport_unicast_packets", netTx / 1400);
        rates.put("tx_vport_unicast_bytes", netTx);
        rates.put("rx_vport_multicast_packets", 3.0);
        rates.put("rx_vport_multicast_bytes", 300.0);
        rates.put("tx_vport_multicast_packets", 1.0);
        rates.put("tx_vport_multicast_bytes", 110.0);
        rates.put("rx_vport_broadcast_packets", 0.5);
        rates.put("rx_vport_broadcast_bytes", 32.0);
        rates.put("tx_vport_broadcast_packets", 0.0);
        rates.put("tx_vport_broadcast_bytes", 0.0);
        rates.put("rx_vport_rdma_unicast_packets", (rx - netRx) / 4150);
        rates.put("rx_vport_rdma_unicast_bytes", rx - netRx);
        rates.put("tx_vport_rdma_unicast_packets", (tx - netTx) / 4150);
        rates.put("tx_vport_rdma_unicast_bytes", tx - netTx);
        rates.put("tx_packets_phy", tx / 4000);
        rates.put("rx_packets_phy", rx / 4000);
        rates.put("rx_crc_errors_phy", 0.0);
        rates.put("tx_bytes_phy", tx);
        rates.put("rx_bytes_phy", rx);
        rates.put("tx_multicast_phy", 1.0);
        rates.put("tx_broadcast_phy", 0.0);
        rates.put("rx_multicast_phy", 3.0);
        rates.put("rx_broadcast_phy", 0.5);
        rates.put("rx_in_range_len_errors_phy", 0.0);
        rates.put("rx_out_of_range_len_phy", 0.0);
        rates.put("rx_oversize_pkts_phy", 0.0);
        rates.put("rx_symbol_err_phy", 0.0);
        rates.put("tx_mac_control_phy", 0.0);
        rates.put("rx_mac_control_phy", 0.0);
        rates.put("rx_unsupported_op_phy", 0.0);
        rates.put("rx_pause_ctrl_phy", 0.0);
        rates.put("tx_pause_ctrl_phy", 0.0);
        rates.put("rx_discards_phy", 0.0);
        rates.put("tx_discards_phy", 0.0);
        rates.put("tx_errors_phy", 0.0);
        rates.put("rx_undersize_pkts_phy", 0.0);
        rates.put("rx_fragments_phy", 0.0);
        rates.put("rx_jabbers_phy", 0.0);
        rates.put("rx_64_bytes_phy", rx / 4000 * 0.02);
        rates.put("rx_65_to_127_bytes_phy", rx / 4000 * 0.05);
        rates.put("rx_128_to_255_bytes_phy", rx / 4000 * 0.01);
        rates.put("rx_256_to_511_bytes_phy", rx / 4000 * 0.01);
        rates.put("rx_512_to_1023_bytes_phy", rx / 4000 * 0.01);
        rates.put("rx_1024_to_1518_bytes_phy", rx / 4000 * 0.02);
        rates.put("rx_1519_to_2047_bytes_phy", rx / 4000 * 0.01);
        rates.put("rx_2048_to_4095_bytes_phy", rx / 4000 * 0.02);
        rates.put("rx_4096_to_8191_bytes_phy", rx / 4000 * 0.85);
        rates.put("rx_8192_to_10239_bytes_phy", 0.0);
        rates.put("rx_pcs_symbol_err_phy", 0.0);
        rates.put("rx_corrected_bits_phy", 0.0);
        rates.put("rx_err_lane_0_phy", 0.0);
        rates.put("rx_err_lane_1_phy", 0.0);
        rates.put("rx_err_lane_2_phy", 0.0);
        rates.put("rx_err_lane_3_phy", 0.0);
        rates.put("rx_buffer_passed_thres_phy", 0.0);
        rates.put("rx_pci_signal_integrity", 0.0);
        rates.put("tx_pci_signal_integrity", 0.0);
        rates.put("outbound_pci_stalled_rd", 0.0);
        rates.put("outbound_pci_stalled_wr", 0.0);
        rates.put("outbound_pci_stalled_rd_events", 0.0);
        rates.put("outbound_pci_stalled_wr_events", 0.0);
        for (int q = 0; q < 8; q++) {
            double share = q == prio ? 1.0 : 0.0;
            double rest = q == 0 ? 1.0 : 0.0;
            rates.put("rx_prio" + q + "_bytes", (rx - netRx) * share + netRx * rest);
            rates.put("rx_prio" + q + "_packets", ((rx - netRx) * share + netRx * rest) / 4000);
            rates.put("tx_prio" + q + "_bytes", (tx - netTx) * share + netTx * rest);
            rates.put("tx_prio" + q + "_packets", ((tx - netTx) * share + netTx * rest) / 4000);
        }
        TreeSet<Integer> pausePrios = new TreeSet<>(p.pfc);
        for (String counter : p.counterRates.keySet()) {
            if (counter.matches("(rx|tx)_prio\\d_pause.*")) {
                pausePrios.add(counter.charAt(7) - '0');
            }
        }
        for (int q : pausePrios) {
            rates.put("rx_prio" + q + "_pause", 0.0);
            rates.put("rx_prio" + q + "_pause_duration", 0.0);
            rates.put("tx_prio" + q + "_pause", 0.0);
            rates.put("tx_prio" + q + "_pause_duration", 0.0);
            rates.put("rx_prio" + q + "_pause_transition", 0.0);
        }
        rates.put("tx_pause_storm_warning_events", 0.0);
        rates.put("tx_pause_storm_error_events", 0.0);
        rates.put("module_unplug", 0.0);
        rates.put("module_bus_stuck", 0.0);
        rates.put("module_high_temp", 0.0);
        rates.put("module_bad_shorted", 0.0);
        int queues = p.channels;
        for (int q = 0; q < queues; q++) {
            rates.put("rx" + q + "_packets", netRx / 1400 / queues);
            rates.put("rx" + q + "_bytes", netRx / queues);
            rates.put("rx" + q + "_csum_complete", netRx / 1400 / queues);
            rates.put("rx" + q + "_wqe_err", 0.0);
            rates.put("rx" + q + "_buff_alloc_err", 0.0);
            rates.put("rx" + q + "_cache_reuse", netRx / 4096 / queues);
        }
        for (int q = 0; q < queues; q++) {
            rates.put("tx" + q + "_packets", netTx / 1400 / queues);
            rates.put("tx" + q + "_bytes", netTx / queues);
            rates.put("tx" + q + "_csum_partial", netTx / 1400 / queues);
            rates.put("tx" + q + "_stopped", 0.0);
            rates.put("tx" + q + "_wake", 0.0);
            rates.put("tx" + q + "_dropped", 0.0);
            rates.put("tx" + q + "_xmit_more", netTx / 9000 / queues);
        }
        rates.putAll(p.counterRates);

        double seconds = (double) host.shape.intervalSeconds() * sample;
        StringBuilder out = new StringBuilder(rates.size() * 40);
        out.append("NIC statistics:\n");
        for (Map.Entry<String, Double> e : rates.entrySet()) {
            out.append("     ")
                    .append(e.getKey())
                    .append(": ")
                    .append(counter(p.netdev + "/" + e.getKey(), e.getValue(), seconds))
                    .append('\n');
        }
        return out.toString();
    }

    /**
     * A counter's value {@code seconds} after the first sample: rate x (uptime + seconds), with a
     * seeded uptime per counter so values since boot look lived-in; a counter at rate 0 stays 0.
     */
    private long counter(String key, double rate, double seconds) {
        if (rate == 0) {
            return 0;
        }
        long uptime = Seeds.between(host.seed, key, 86_400, 60 * 86_400);
        return Math.round(rate * (uptime + seconds));
    }

    String bonding(NicModel nic) {
        boolean activeBackup = host.bondMode.equals("active-backup");
        StringBuilder out = new StringBuilder("Ethernet Channel Bonding Driver: v" + nic.driverVersion + "\n\n");
        if (activeBackup) {
            out.append("Bonding Mode: fault-tolerance (active-backup)\nPrimary Slave: None\nCurrently Active Slave: ")
                    .append(nic.ports.get(0).netdev)
                    .append('\n');
        } else {
            out.append("Bonding Mode: IEEE 802.3ad Dynamic link aggregation\nTransmit Hash Policy: ")
                    .append(host.bondHashPolicy)
                    .append(
                            host.bondHashPolicy.equals("layer3+4")
                                    ? " (1)"
                                    : host.bondHashPolicy.equals("layer2+3") ? " (2)" : " (0)")
                    .append('\n');
        }
        out.append(
                "MII Status: up\nMII Polling Interval (ms): 100\nUp Delay (ms): 0\nDown Delay (ms): 0\nPeer Notification Delay (ms): 0\n");
        if (!activeBackup) {
            out.append(
                    "\n802.3ad info\nLACP active: on\nLACP rate: fast\nMin links: 0\nAggregator selection policy (ad_select): stable\n");
        }
        for (PortModel p : nic.ports) {
            out.append("\nSlave Interface: ")
                    .append(p.netdev)
                    .append("\nMII Status: up\nSpeed: ")
                    .append(p.speedMbps)
                    .append(" Mbps\nDuplex: full\nLink Failure Count: ")
                    .append(p.linkDowns)
                    .append("\nPermanent HW addr: ")
                    .append(mac(host, p))
                    .append("\nSlave queue ID: 0\n");
            if (!activeBackup) {
                out.append("Aggregator ID: 1\n");
            }
        }
        return out.toString();
    }

    /** The port's MAC: NVIDIA's OUI, the rest seeded per netdev. */
    static String mac(HostModel host, PortModel p) {
        long m = Seeds.between(host.seed, "mac" + p.netdev, 0, 0xffffffL);
        return String.format("0c:42:a1:%02x:%02x:%02x", (m >> 16) & 0xff, (m >> 8) & 0xff, (m + p.function) & 0xff);
    }

    String mlnxQos(PortModel p) {
        StringBuilder out = new StringBuilder("DCBX mode: OS controlled\nPriority trust state: ")
                .append(p.trust)
                .append('\n');
        if (p.trust.equals("dscp")) {
            out.append("dscp2prio mapping:\n");
            for (int prio = 0; prio < 8; prio++) {
                out.append("\tprio:").append(prio).append(" dscp:");
                for (int d = prio * 8 + 7; d >= prio * 8; d--) {
                    out.append(String.format("%02d,", d));
                }
                out.append('\n');
            }
        }
        out.append(
                        "default priority:\nReceive buffer size (bytes): 130944,130944,0,0,0,0,0,0,\nCable len: 7\nPFC configuration:\n")
                .append("\tpriority    0   1   2   3   4   5   6   7\n\tenabled  ");
        for (int prio = 0; prio < 8; prio++) {
            out.append("   ").append(p.pfc.contains(prio) ? 1 : 0);
        }
        out.append("   \n\tbuffer   ");
        for (int prio = 0; prio < 8; prio++) {
            out.append("   ").append(p.pfc.contains(prio) ? p.losslessBuffer : 0);
        }
        out.append("   \n");
        for (int tc = 0; tc < 8; tc++) {
            out.append("tc: ")
                    .append(tc)
                    .append(" ratelimit: unlimited, tsa: vendor\n\t priority:  ")
                    .append(tc == 0 ? 1 : tc == 1 ? 0 : tc)
                    .append('\n');
        }
        return out.toString();
    }

    static String ecn(boolean on) {
        return on ? "1\n" : "0\n";
    }

    static String roceMode(PortModel p) {
        return p.roceV2 ? "RoCE v2\n" : "IB/RoCE v1\n";
    }

    static String roceTos(PortModel p) {
        return p.tos + "\n";
    }

    /** As mlnx-ofa_kernel's traffic_class_show prints it: nothing when no global value is set. */
    static String trafficClass(PortModel p) {
        return p.trafficClass == null ? "" : "Global tclass=" + p.trafficClass + "\n";
    }

    String rdmaLink() {
        StringBuilder out = new StringBuilder();
        for (PortModel p : host.ports()) {
            out.append("link ")
                    .append(p.rdmaDevice)
                    .append("/1 state ACTIVE physical_state LINK_UP netdev ")
                    .append(p.netdev)
                    .append(" \n");
        }
        return out.toString();
    }

    String rdmaStatistic(int sample) {
        double seconds = (double) host.shape.intervalSeconds() * sample;
        StringBuilder out = new StringBuilder();
        for (PortModel p : host.ports()) {
            double line = p.speedMbps * 1e6 / 8;
            Map<String, Double> rates = new LinkedHashMap<>();
            rates.put("rx_write_requests", p.rxLoad * line / 65536);
            rates.put("rx_read_requests", p.rxLoad * line / 655360);
            for (String c : List.of(
                    "rx_atomic_requests",
                    "out_of_buffer",
                    "out_of_sequence",
                    "duplicate_request",
                    "rnr_nak_retry_err",
                    "packet_seq_err",
                    "implied_nak_seq_err",
                    "local_ack_timeout_err",
                    "resp_local_length_error",
                    "resp_cqe_error",
                    "req_cqe_error",
                    "req_remote_invalid_request",
                    "req_remote_access_errors",
                    "resp_remote_access_errors",
                    "resp_cqe_flush_error",
                    "req_cqe_flush_error",
                    "roce_adp_retrans",
                    "roce_adp_retrans_to",
                    "roce_slow_restart",
                    "roce_slow_restart_cnps",
                    "roce_slow_restart_trans",
                    "rp_cnp_ignored",
                    "rp_cnp_handled",
                    "np_ecn_marked_roce_packets",
                    "np_cnp_sent",
                    "rx_icrc_encapsulated")) {
                rates.put(c, 0.0);
            }
            rates.putAll(p.rdmaRates);
            out.append("link ").append(p.rdmaDevice).append("/1");
            for (Map.Entry<String, Double> e : rates.entrySet()) {
                out.append(' ')
                        .append(e.getKey())
                        .append(' ')
                        .append(counter(p.rdmaDevice + "/" + e.getKey(), e.getValue(), seconds));
            }
            out.append(" \n");
        }
        return out.toString();
    }

    String ibdev2netdev() {
        StringBuilder out = new StringBuilder();
        for (PortModel p : host.ports()) {
            out.append(p.rdmaDevice).append(" port 1 ==> ").append(p.netdev).append(" (Up)\n");
        }
        return out.toString();
    }

    String showGids() {
        StringBuilder out = new StringBuilder();
        out.append(
                String.format("%-8s%-8s%-8s%-40s%-16s%-8s%s%n", "DEV", "PORT", "INDEX", "GID", "IPv4", "VER", "DEV"));
        out.append(String.format(
                "%-8s%-8s%-8s%-40s%-16s%-8s%s%n", "---", "----", "-----", "---", "------------", "---", "---"));
        int found = 0;
        for (PortModel p : host.ports()) {
            for (SynthGid gid : gids(p)) {
                out.append(String.format(
                        "%-8s%-8s%-8s%-40s%-16s%-8s%s%n",
                        p.rdmaDevice, "1", gid.index(), gid.gid(), gid.ipv4(), gid.version(), p.netdev));
                found++;
            }
        }
        return out.append("n_gids_found=").append(found).append('\n').toString();
    }

    /** One GID table entry: its index, the GID in full hex, the IPv4 address of a mapped one, v1 or v2, and the GID as inet_ntop spells it. */
    private record SynthGid(int index, String gid, String ipv4, String version, String shown) {}

    /**
     * The GIDs of a port as the kernel fills the table: per address, in the order they came up
     * (link-local, a global IPv6 address when the port has one, its IPv4 address), a v1 entry and,
     * unless a fault says, a v2 entry at the next free indexes.
     */
    private List<SynthGid> gids(PortModel p) {
        long m = Seeds.between(host.seed, "mac" + p.netdev, 0, 0xffffffL);
        String interfaceId =
                String.format("0e42:a1ff:fe%02x:%02x%02x", (m >> 16) & 0xff, (m >> 8) & 0xff, (m + p.function) & 0xff);
        String[] octets = p.ipv4.split("\\.");
        String mapped = String.format(
                "0000:0000:0000:0000:0000:ffff:%02x%02x:%02x%02x",
                Integer.parseInt(octets[0]),
                Integer.parseInt(octets[1]),
                Integer.parseInt(octets[2]),
                Integer.parseInt(octets[3]));
        List<String[]> addresses = new ArrayList<>();
        addresses.add(new String[] {"fe80:0000:0000:0000:" + interfaceId, ""});
        if (p.ipv6Global) {
            addresses.add(new String[] {String.format("2001:0db8:0000:%04x:", 0x100 + p.function) + interfaceId, ""});
        }
        addresses.add(new String[] {mapped, p.ipv4});
        List<SynthGid> out = new ArrayList<>();
        for (String[] a : addresses) {
            String shown = a[1].isEmpty()
                    ? io.rocedoctor.parse.Gid.of(a[0]).orElseThrow().address()
                    : "::ffff:" + a[1];
            out.add(new SynthGid(out.size(), a[0], a[1], "v1", shown));
            if (p.gidV2) {
                out.add(new SynthGid(out.size(), a[0], a[1], "v2", shown));
            }
        }
        return out;
    }

    String ibvDevinfo() {
        StringBuilder out = new StringBuilder();
        for (PortModel p : host.ports()) {
            long guid = Seeds.between(host.seed, "guid" + p.rdmaDevice, 0, Long.MAX_VALUE / 2);
            String g = String.format("%016x", guid);
            String guidText =
                    g.substring(0, 4) + ":" + g.substring(4, 8) + ":" + g.substring(8, 12) + ":" + g.substring(12);
            out.append("hca_id:\t")
                    .append(p.rdmaDevice)
                    .append('\n')
                    .append("\ttransport:\t\t\tInfiniBand (0)\n")
                    .append("\tfw_ver:\t\t\t\t")
                    .append(p.nic.firmware)
                    .append('\n')
                    .append("\tnode_guid:\t\t\t")
                    .append(guidText)
                    .append('\n')
                    .append("\tsys_image_guid:\t\t\t")
                    .append(guidText)
                    .append('\n')
                    .append("\tvendor_id:\t\t\t0x02c9\n")
                    .append("\tvendor_part_id:\t\t\t")
                    .append(p.nic.partId)
                    .append('\n')
                    .append("\thw_ver:\t\t\t\t0x0\n")
                    .append("\tboard_id:\t\t\t")
                    .append(p.nic.psid)
                    .append('\n')
                    .append("\tphys_port_cnt:\t\t\t1\n")
                    .append("\t\tport:\t1\n")
                    .append("\t\t\tstate:\t\t\tPORT_ACTIVE (4)\n")
                    .append("\t\t\tmax_mtu:\t\t4096 (5)\n")
                    .append("\t\t\tactive_mtu:\t\t")
                    .append(mtuCode(p.activeMtu))
                    .append('\n')
                    .append("\t\t\tsm_lid:\t\t\t0\n\t\t\tport_lid:\t\t0\n\t\t\tport_lmc:\t\t0x00\n")
                    .append("\t\t\tlink_layer:\t\tEthernet\n")
                    .append("\t\t\tactive_width:\t\t4X (2)\n")
                    .append("\t\t\tactive_speed:\t\t")
                    .append(p.speedMbps >= 100_000 ? "25.0 Gbps (32)" : "14.0 Gbps (16)")
                    .append('\n');
            for (SynthGid gid : gids(p)) {
                out.append(String.format("\t\t\tGID[%3s]:\t\t%s, RoCE %s%n", gid.index(), gid.shown(), gid.version()));
            }
            out.append('\n');
        }
        return out.toString();
    }

    private static String mtuCode(int mtu) {
        int i = Integer.numberOfTrailingZeros(mtu) - 8;
        return MTU_CODES[Math.max(0, Math.min(MTU_CODES.length - 1, i))];
    }

    String irqbalance() {
        return host.irqbalanceActive ? "active\n" : "inactive\n";
    }
}
