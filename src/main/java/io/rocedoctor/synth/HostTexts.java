package io.rocedoctor.synth;

import io.rocedoctor.synth.HostModel.NicModel;
import io.rocedoctor.synth.HostModel.PortModel;
import java.util.Locale;

/**
 * Host-wide captures of a synthesized host: {@code sysctl -a} (the net subset and a few kernel
 * keys, as an unprivileged run prints them) and the perftest runs the engineer made before
 * capturing: one {@code ib_write_bw} per RDMA device and one {@code ib_write_lat} on the first.
 */
final class HostTexts {
    /** PCIe usable Gb/s per lane after encoding, by transfer rate, as facts.PcieLink.perLaneGbps reads them. */
    private static final double GEN3_LANE = 7.877;

    private static final double GEN4_LANE = 15.754;
    private static final double GEN5_LANE = 31.508;
    private static final double TLP_OVERHEAD = 0.85;
    private static final String RULE =
            "---------------------------------------------------------------------------------------\n";

    private final HostModel host;

    HostTexts(HostModel host) {
        this.host = host;
    }

    String sysctl() {
        return "sysctl: permission denied on key 'fs.protected_hardlinks'\n"
                + "sysctl: permission denied on key 'kernel.cad_pid'\n"
                + "kernel.numa_balancing = 1\n"
                + "kernel.sched_autogroup_enabled = 1\n"
                + "net.core.busy_poll = 0\n"
                + "net.core.busy_read = 0\n"
                + "net.core.default_qdisc = fq_codel\n"
                + "net.core.dev_weight = 64\n"
                + "net.core.netdev_budget = 300\n"
                + "net.core.netdev_budget_usecs = 2000\n"
                + "net.core.netdev_max_backlog = 1000\n"
                + "net.core.optmem_max = 20480\n"
                + "net.core.rmem_default = 212992\n"
                + "net.core.rmem_max = 212992\n"
                + "net.core.somaxconn = 4096\n"
                + "net.core.wmem_default = 212992\n"
                + "net.core.wmem_max = 212992\n"
                + "net.ipv4.conf.all.arp_announce = 0\n"
                + "net.ipv4.conf.all.arp_ignore = 0\n"
                + "net.ipv4.conf.all.rp_filter = 2\n"
                + "net.ipv4.ip_forward = 0\n"
                + "net.ipv4.ip_local_port_range = 32768\t60999\n"
                + "net.ipv4.tcp_congestion_control = cubic\n"
                + "net.ipv4.tcp_ecn = 2\n"
                + "net.ipv4.tcp_mem = 1539168\t2052224\t3078336\n"
                + "net.ipv4.tcp_rmem = 4096\t131072\t6291456\n"
                + "net.ipv4.tcp_sack = 1\n"
                + "net.ipv4.tcp_timestamps = 1\n"
                + "net.ipv4.tcp_window_scaling = 1\n"
                + "net.ipv4.tcp_wmem = 4096\t16384\t4194304\n"
                + "net.ipv4.udp_mem = 3078336\t4104448\t6156672\n"
                + "net.ipv6.conf.all.disable_ipv6 = 0\n"
                + "vm.swappiness = 60\n"
                + portConf();
    }

    /** sysctl -a lists every netdev's conf keys too: the kernel's defaults, as a host nobody tuned has them. */
    private String portConf() {
        StringBuilder out = new StringBuilder();
        for (PortModel p : host.ports()) {
            out.append("net.ipv4.conf.").append(p.netdev).append(".arp_announce = 0\n");
            out.append("net.ipv4.conf.").append(p.netdev).append(".arp_ignore = 0\n");
            out.append("net.ipv4.conf.").append(p.netdev).append(".rp_filter = 0\n");
        }
        return out.toString();
    }

    /** The command line of the bandwidth run on a port: to the same port of a peer host, 4 QPs over RDMA CM. */
    static String bandwidthArgs(PortModel p) {
        return "-d " + p.rdmaDevice + " -F --report_gbits -q 4 -R -D 10 " + peer(p);
    }

    static String latencyArgs(PortModel p) {
        return "-d " + p.rdmaDevice + " -F -R -n 5000 " + peer(p);
    }

    /** The peer answering the runs: host .200 of the port's subnet. */
    private static String peer(PortModel p) {
        return p.ipv4.substring(0, p.ipv4.lastIndexOf('.')) + ".200";
    }

    /** ib_write_bw at 64 KiB messages reaching the model's share of min(port speed, PCIe ceiling). */
    String writeBandwidth(PortModel p) {
        double average = p.perftestShare * Math.min(p.speedMbps / 1000.0, pcieCeilingGbps(p.nic));
        double peak = average * (1.0 + Seeds.between(host.seed, "bwpeak" + p.rdmaDevice, 1, 8) / 1000.0);
        long iterations = Math.round(average * 1e9 / 8 * 10 / 65536);
        return RULE + "                    RDMA_Write BW Test\n" + banner(p, 4, 128)
                + " #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]\n"
                + String.format(
                        Locale.ROOT,
                        " 65536      %-16d %-18.2f %.2f  \t\t   %.6f%n",
                        iterations,
                        peak,
                        average,
                        average * 1e3 / 8 / 65536)
                + RULE;
    }

    /** ib_write_lat at 2-byte messages: typical ~1.6 us over one switch, the 99th percentile at the model's ratio. */
    String writeLatency(PortModel p) {
        double typical = 1.55 + Seeds.between(host.seed, "lat" + p.rdmaDevice, 0, 20) / 100.0;
        double p99 = typical * host.latencyTailRatio;
        double max = p99 * 3.1;
        return RULE + "                    RDMA_Write Latency Test\n" + banner(p, 1, 1)
                + " #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]    t_avg[usec]    t_stdev[usec]   "
                + "99% percentile[usec]   99.9% percentile[usec] \n"
                + String.format(
                        Locale.ROOT,
                        " 2       5000          %.2f           %.2f         %.2f     \t       %.2f        \t%.2f   \t\t%.2f    \t\t%.2f   %n",
                        typical * 0.95,
                        max,
                        typical,
                        typical * 1.04,
                        typical * 0.06,
                        p99,
                        max * 0.8)
                + RULE;
    }

    private static String banner(PortModel p, int qps, int txDepth) {
        return " Dual-port       : OFF\t\tDevice         : " + p.rdmaDevice + "\n"
                + " Number of qps   : " + qps + "\t\tTransport type : IB\n"
                + " Connection type : RC\t\tUsing SRQ      : OFF\n"
                + " PCIe relax order: ON\n"
                + " ibv_wr* API     : ON\n"
                + " TX depth        : " + txDepth + "\n"
                + " Mtu             : " + p.activeMtu + "[B]\n"
                + " Link type       : Ethernet\n"
                + " GID index       : 3\n"
                + " Max inline data : 0[B]\n"
                + " rdma_cm QPs\t : ON\n"
                + " Data ex. method : rdma_cm\n"
                + RULE;
    }

    /** What the NIC's PCIe link carries after encoding and TLP overhead, shared by its ports. */
    private static double pcieCeilingGbps(NicModel nic) {
        double lane = nic.gts >= 32 ? GEN5_LANE : nic.gts >= 16 ? GEN4_LANE : GEN3_LANE;
        return lane * nic.width * TLP_OVERHEAD;
    }
}
