package io.rocedoctor.synth;

import io.rocedoctor.synth.HostModel.NicModel;
import io.rocedoctor.synth.HostModel.PortModel;
import java.util.Locale;

/**
 * The link-level views of a synthesized host: mlxlink per port (state, FEC, BER, link-down
 * counters, module) and iproute2's {@code ip -d link show} and {@code ip -s -s link} (roles and
 * MTU; byte, packet and carrier-transition counters per sample).
 */
final class LinkTexts {
    /** Minutes since mlxlink's counters were last cleared: the last boot, two weeks ago. */
    private static final String MINUTES_SINCE_CLEAR = "20160.0";

    private final HostModel host;

    LinkTexts(HostModel host) {
        this.host = host;
    }

    String mlxlink(PortModel p) {
        int gbps = p.speedMbps / 1000;
        long lanes = Seeds.between(host.seed, "lanes" + p.netdev, 0, 1000);
        return "\nOperational Info\n----------------\n"
                + field("State", "Active") + field("Physical state", "LinkUp") + field("Speed", gbps + "G")
                + field("Width", "4x") + field("FEC", p.fec) + field("Loopback Mode", "No Loopback")
                + field("Auto Negotiation", "ON")
                + "\nSupported Info\n--------------\n"
                + field("Enabled Link Speed (Ext.)", "0x000003f2 (100G_4X,50G_2X,40G,25G,10G,1G)")
                + field("Supported Cable Speed (Ext.)", "0x000002f2 (100G_4X,50G_2X,40G,25G,10G,1G)")
                + "\nTroubleshooting Info\n--------------------\n"
                + field("Status Opcode", "0") + field("Group Opcode", "N/A")
                + field("Recommendation", "No issue was observed")
                + "\nModule Info\n-----------\n"
                + field("Temperature [C]", String.valueOf(Math.round(p.moduleCelsius))) + field("Identifier", "QSFP28")
                + field("Cable Type", "Passive copper cable") + field("Vendor Name", "Mellanox")
                + field("Vendor Part Number", "MCP1600-C002E30N") + field("Transfer Distance [m]", "2")
                + "\nPhysical Counters and BER Info\n------------------------------\n"
                + field("Time Since Last Clear [Min]", MINUTES_SINCE_CLEAR)
                + field("Effective Physical Errors", "0")
                + field("Effective Physical BER", "15E-255")
                + field("Raw Physical Errors Per Lane", (lanes % 17) + "," + (lanes % 5) + ",0," + (lanes % 11))
                + field("Link Down Counter", String.valueOf(p.linkDowns))
                + field("Link Error Recovery Counter", "0")
                + field("Raw Physical BER", p.rawBer);
    }

    private static String field(String key, String value) {
        return key + " ".repeat(Math.max(1, 35 - key.length())) + ": " + value + "\n";
    }

    /** lo, then each port (a bond slave when its NIC carries a bond), then the bonds, with their details. */
    String ipLinkDetails() {
        StringBuilder out = new StringBuilder(loopback());
        out.append(
                "    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00 promiscuity 0 allmulti 0 minmtu 0 maxmtu 0 "
                        + "addrgenmode eui64 numtxqueues 1 numrxqueues 1 gso_max_size 65536 gso_max_segs 65535\n");
        for (PortModel p : host.ports()) {
            out.append(portHeader(p));
            out.append("    link/ether ")
                    .append(CaptureTexts.mac(host, p))
                    .append(" brd ff:ff:ff:ff:ff:ff promiscuity 0 allmulti 0 ")
                    .append("minmtu 68 maxmtu 9978 \n");
            if (host.bonded(p.nic)) {
                out.append("    bond_slave state ")
                        .append(activeSlave(p) ? "ACTIVE" : "BACKUP")
                        .append(" mii_status UP link_failure_count ")
                        .append(p.linkDowns)
                        .append(" perm_hwaddr ")
                        .append(CaptureTexts.mac(host, p))
                        .append(" queue_id 0 ");
                if (!activeBackup()) {
                    out.append("ad_aggregator_id 1 ad_actor_oper_port_state 61 ad_partner_oper_port_state 61 ");
                }
                out.append("addrgenmode none ");
            } else {
                out.append("    addrgenmode eui64 ");
            }
            out.append("numtxqueues ")
                    .append(p.channels * 8)
                    .append(" numrxqueues ")
                    .append(p.channels)
                    .append(" gso_max_size 65536 gso_max_segs 65535 parentbus pci parentdev ")
                    .append(p.pciAddress())
                    .append(" \n")
                    .append("    altname enp")
                    .append(p.nic.bus)
                    .append("s0f")
                    .append(p.function)
                    .append("np")
                    .append(p.function)
                    .append('\n');
        }
        for (NicModel nic : host.nics) {
            if (host.bonded(nic)) {
                PortModel first = nic.ports.get(0);
                out.append(bondIndex(nic))
                        .append(": ")
                        .append(host.bondName(nic))
                        .append(": <BROADCAST,MULTICAST,MASTER,UP,LOWER_UP> mtu ")
                        .append(first.mtu)
                        .append(" qdisc noqueue state UP mode DEFAULT group default qlen 1000\n")
                        .append("    link/ether ")
                        .append(CaptureTexts.mac(host, first))
                        .append(" brd ff:ff:ff:ff:ff:ff promiscuity 0 ")
                        .append("allmulti 0 minmtu 68 maxmtu 65535 \n    bond mode ")
                        .append(host.bondMode);
                if (activeBackup()) {
                    out.append(" active_slave ").append(first.netdev);
                }
                out.append(" miimon 100 updelay 0 downdelay 0 peer_notify_delay 0 use_carrier 1 arp_interval 0 ")
                        .append(
                                "arp_validate none arp_all_targets any primary_reselect always fail_over_mac none xmit_hash_policy ")
                        .append(host.bondHashPolicy)
                        .append(" resend_igmp 1 num_grat_arp 1 all_slaves_active 0 min_links 0 ")
                        .append(
                                "lp_interval 1 packets_per_slave 1 lacp_active on lacp_rate fast ad_select stable tlb_dynamic_lb 1 ")
                        .append(
                                "addrgenmode eui64 numtxqueues 16 numrxqueues 16 gso_max_size 65536 gso_max_segs 65535 \n");
            }
        }
        int index = 3 + host.ports().size() + host.nics.size();
        for (PortModel p : host.ports()) {
            if (p.vlan != null) {
                vlan(out, index++, p);
            }
        }
        return out.toString();
    }

    /**
     * A VLAN netdev over a port, as iproute2's iplink_vlan.c vlan_print_opt prints its details
     * ({@code protocol 802.1Q id N <REORDER_HDR> }, then vlan_print_map's {@code egress-qos-map { F:T }}
     * on a line of its own). The kernel (net/8021q/vlan_netlink.c vlan_fill_info) reports a mapping
     * only when its PCP is not 0, and no map at all without one, so a map to PCP 0 never shows.
     */
    private void vlan(StringBuilder out, int index, PortModel p) {
        out.append(index)
                .append(": ")
                .append(p.vlanNetdev())
                .append('@')
                .append(p.netdev)
                .append(": <BROADCAST,MULTICAST,UP,LOWER_UP> mtu ")
                .append(p.mtu)
                .append(" qdisc noqueue state UP mode DEFAULT group default qlen 1000\n")
                .append("    link/ether ")
                .append(CaptureTexts.mac(host, p))
                .append(" brd ff:ff:ff:ff:ff:ff promiscuity 0 allmulti 0 minmtu 0 maxmtu 65535 \n")
                .append("    vlan protocol 802.1Q id ")
                .append(p.vlan)
                .append(" <REORDER_HDR> ");
        StringBuilder map = new StringBuilder();
        p.vlanEgressQosMap.forEach((from, to) -> {
            if (to != 0) {
                map.append(from).append(':').append(to).append(' ');
            }
        });
        if (map.length() > 0) {
            out.append("\n      egress-qos-map { ").append(map).append("} ");
        }
        out.append("addrgenmode eui64 numtxqueues 1 numrxqueues 1 gso_max_size 65536 gso_max_segs 65535 \n");
    }

    /** Counters since boot (seeded) plus what the model moves between samples; carrier transitions count flaps. */
    String ipLinkStats(int sample) {
        double seconds = (double) host.shape.intervalSeconds() * sample;
        StringBuilder out = new StringBuilder(loopback());
        out.append("    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00\n");
        stats(out, "lo", 88_000.0, 900.0, seconds, 0);
        for (PortModel p : host.ports()) {
            out.append(portHeader(p))
                    .append("    link/ether ")
                    .append(CaptureTexts.mac(host, p))
                    .append(" brd ff:ff:ff:ff:ff:ff\n");
            double line = p.speedMbps * 1e6 / 8;
            // The netdev counts kernel traffic only: RDMA bypasses it (2% of the port's bytes, as in ethtool -S).
            stats(
                    out,
                    p.netdev,
                    p.rxLoad * line * 0.02,
                    p.txLoad * line * 0.02,
                    seconds,
                    2 + 2L * p.linkDowns + (sample == 0 ? 0 : p.carrierChangesBetweenSamples));
        }
        return out.toString();
    }

    private void stats(
            StringBuilder out, String key, double rxBytes, double txBytes, double seconds, long transitions) {
        long uptime = Seeds.between(host.seed, "uptime" + key, 86_400, 60 * 86_400);
        long rx = Math.round(rxBytes * (uptime + seconds));
        long tx = Math.round(txBytes * (uptime + seconds));
        out.append("    RX:  bytes  packets errors dropped  missed   mcast\n")
                .append(String.format(
                        Locale.ROOT, "    %d %d      0       0       0     %d%n", rx, rx / 1400, uptime / 60))
                .append("    RX errors: length   crc   frame    fifo overrun\n")
                .append("                0        0       0       0       0\n")
                .append("    TX:  bytes  packets errors dropped carrier collsns\n")
                .append(String.format(Locale.ROOT, "    %d %d      0       0       0       0%n", tx, tx / 1400))
                .append("    TX errors: aborted  fifo   window heartbeat transns\n")
                .append(String.format(
                        Locale.ROOT, "                0        0       0        0       %d%n", transitions));
    }

    private static String loopback() {
        return "1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN mode DEFAULT group default qlen 1000\n";
    }

    private String portHeader(PortModel p) {
        boolean slave = host.bonded(p.nic);
        return ifIndex(p) + ": " + p.netdev + ": <BROADCAST,MULTICAST," + (slave ? "SLAVE," : "") + "UP,LOWER_UP> mtu "
                + p.mtu + " qdisc mq " + (slave ? "master " + host.bondName(p.nic) + " " : "")
                + "state UP mode DEFAULT group default qlen 1000\n";
    }

    /** Interface indexes as the kernel hands them out: lo 1, a platform NIC 2, then the ports in PCI order, then the bonds. */
    private int ifIndex(PortModel p) {
        return 3 + host.ports().indexOf(p);
    }

    private int bondIndex(NicModel nic) {
        return 3 + host.ports().size() + nic.index;
    }

    private boolean activeBackup() {
        return host.bondMode.equals("active-backup");
    }

    private boolean activeSlave(PortModel p) {
        return !activeBackup() || p.function == 0;
    }
}
