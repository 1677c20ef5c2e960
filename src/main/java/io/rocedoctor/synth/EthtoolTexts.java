package io.rocedoctor.synth;

import io.rocedoctor.synth.HostModel.PortModel;
import java.util.Locale;

/**
 * What the ethtool queries beyond link and statistics print for a synthesized mlx5 port:
 * channels, rings, offloads, private flags, the RSS table and hash fields, and the transceiver.
 * The formats are those of ethtool 5.x/6.x against mlx5_core; the values follow the port model.
 */
final class EthtoolTexts {
    /** mlx5's RSS indirection table size for up to 128 channels; larger channel counts get a larger table. */
    private static final int RSS_TABLE_MIN = 128;

    private static final int RING_MAX = 8192;
    private static final int RING_DEFAULT = 1024;

    private final HostModel host;

    EthtoolTexts(HostModel host) {
        this.host = host;
    }

    /** mlx5 offers one channel per completion vector; the rest of the counts are n/a. */
    String channels(PortModel p) {
        return "Channel parameters for " + p.netdev
                + ":\nPre-set maximums:\nRX:\t\tn/a\nTX:\t\tn/a\nOther:\t\tn/a\nCombined:\t"
                + host.shape.queues()
                + "\nCurrent hardware settings:\nRX:\t\tn/a\nTX:\t\tn/a\nOther:\t\tn/a\nCombined:\t"
                + p.channels + "\n";
    }

    String rings(PortModel p) {
        return "Ring parameters for " + p.netdev + ":\nPre-set maximums:\nRX:\t\t" + RING_MAX
                + "\nRX Mini:\tn/a\nRX Jumbo:\tn/a\nTX:\t\t"
                + RING_MAX + "\nCurrent hardware settings:\nRX:\t\t" + RING_DEFAULT
                + "\nRX Mini:\tn/a\nRX Jumbo:\tn/a\nTX:\t\t"
                + RING_DEFAULT + "\n";
    }

    String features(PortModel p) {
        return "Features for " + p.netdev + ":\n"
                + "rx-checksumming: on\ntx-checksumming: on\n"
                + "\ttx-checksum-ipv4: off [fixed]\n\ttx-checksum-ip-generic: on\n\ttx-checksum-ipv6: off [fixed]\n"
                + "\ttx-checksum-fcoe-crc: off [fixed]\n\ttx-checksum-sctp: off [fixed]\n"
                + "scatter-gather: on\n\ttx-scatter-gather: on\n\ttx-scatter-gather-fraglist: off [fixed]\n"
                + "tcp-segmentation-offload: on\n\ttx-tcp-segmentation: on\n\ttx-tcp-ecn-segmentation: off [fixed]\n"
                + "\ttx-tcp-mangleid-segmentation: off\n\ttx-tcp6-segmentation: on\n"
                + "generic-segmentation-offload: on\ngeneric-receive-offload: on\nlarge-receive-offload: off\n"
                + "rx-vlan-offload: on\ntx-vlan-offload: on\nntuple-filters: off\nreceive-hashing: on\n"
                + "highdma: on [fixed]\nrx-vlan-filter: on\nvlan-challenged: off [fixed]\ntx-lockless: off [fixed]\n"
                + "netns-local: off [fixed]\ntx-gso-robust: off [fixed]\ntx-fcoe-segmentation: off [fixed]\n"
                + "tx-gre-segmentation: on\ntx-gre-csum-segmentation: on\ntx-ipxip4-segmentation: on\n"
                + "tx-ipxip6-segmentation: on\ntx-udp_tnl-segmentation: on\ntx-udp_tnl-csum-segmentation: on\n"
                + "tx-gso-partial: on\ntx-tunnel-remcsum-segmentation: off [fixed]\ntx-sctp-segmentation: off [fixed]\n"
                + "tx-esp-segmentation: off [fixed]\ntx-udp-segmentation: on\ntx-gso-list: off [fixed]\n"
                + "fcoe-mtu: off [fixed]\ntx-nocache-copy: off\nloopback: off [fixed]\nrx-fcs: off\nrx-all: off\n"
                + "tx-vlan-stag-hw-insert: on\nrx-vlan-stag-hw-parse: off [fixed]\nrx-vlan-stag-filter: on [fixed]\n"
                + "l2-fwd-offload: off [fixed]\nhw-tc-offload: off\nesp-hw-offload: off [fixed]\n"
                + "esp-tx-csum-hw-offload: off [fixed]\nrx-udp_tunnel-port-offload: on\ntls-hw-tx-offload: off [fixed]\n"
                + "tls-hw-rx-offload: off [fixed]\nrx-gro-hw: off\ntls-hw-record: off [fixed]\nrx-gro-list: off\n"
                + "macsec-hw-offload: off [fixed]\nrx-udp-gro-forwarding: off\nhsr-tag-ins-offload: off [fixed]\n"
                + "hsr-tag-rm-offload: off [fixed]\nhsr-fwd-offload: off [fixed]\nhsr-dup-offload: off [fixed]\n";
    }

    String privateFlags(PortModel p) {
        return "Private flags for " + p.netdev + ":\n"
                + "rx_cqe_moder       : on\ntx_cqe_moder       : off\nrx_cqe_compress    : off\nrx_striding_rq     : on\n"
                + "rx_no_csum_complete: off\nxdp_tx_mpwqe       : on\nskb_tx_mpwqe       : on\ntx_port_ts         : off\n";
    }

    /** The indirection table spreads flows round-robin over the port's first {@code rssQueues} channels. */
    String rss(PortModel p) {
        int size = Math.max(RSS_TABLE_MIN, Integer.highestOneBit(Math.max(1, p.channels - 1)) * 2);
        StringBuilder out = new StringBuilder("RX flow hash indirection table for ")
                .append(p.netdev)
                .append(" with ")
                .append(p.channels)
                .append(" RX ring(s):\n");
        for (int row = 0; row < size; row += 8) {
            out.append(String.format(Locale.ROOT, "%5d:", row));
            for (int i = row; i < row + 8; i++) {
                out.append(String.format(Locale.ROOT, "%6d", i % p.rssQueues));
            }
            out.append('\n');
        }
        out.append("RSS hash key:\n");
        for (int i = 0; i < 40; i++) {
            out.append(String.format("%02x", Seeds.between(host.seed, "rsskey" + p.netdev + i, 0, 256)))
                    .append(i < 39 ? ":" : "\n");
        }
        return out.append("RSS hash function:\n    toeplitz: on\n    xor: off\n    crc32: off\n")
                .toString();
    }

    /** The fields RSS hashes for one flow type: IP addresses, and the L4 ports unless the port model drops them for udp4. */
    static String flowHash(PortModel p, String proto) {
        String title = switch (proto) {
            case "udp4" -> "UDP over IPV4";
            case "tcp4" -> "TCP over IPV4";
            case "udp6" -> "UDP over IPV6";
            default -> throw new IllegalArgumentException(proto);
        };
        boolean l4 = !proto.equals("udp4") || p.udp4HashL4;
        return title + " flows use these fields for computing Hash flow key:\nIP SA\nIP DA\n"
                + (l4 ? "L4 bytes 0 & 1 [TCP/UDP src port]\nL4 bytes 2 & 3 [TCP/UDP dst port]\n" : "");
    }

    /** ethtool -a as its netlink printer (netlink/pause.c) writes it: set by hand, no autonegotiation. */
    static String pause(PortModel p) {
        String onOff = p.linkPause ? "on" : "off";
        return "Pause parameters for " + p.netdev + ":\nAutonegotiate:\toff\nRX:\t\t" + onOff + "\nTX:\t\t" + onOff
                + "\n\n";
    }

    /** A QSFP28 direct-attach copper cable, its temperature as the model says, NVIDIA's usual thresholds. */
    String module(PortModel p) {
        return String.format(
                Locale.ROOT,
                """
                \tIdentifier                                : 0x11 (QSFP28)
                \tExtended identifier                       : 0x00
                \tExtended identifier description           : 1.5W max. Power consumption
                \tConnector                                 : 0x23 (No separable connector)
                \tTransceiver codes                         : 0x80 0x00 0x00 0x00 0x00 0x00 0x00 0x00
                \tTransceiver type                          : 100G Ethernet: 100G Base-CR4 or 25G Base-CR CA-L
                \tEncoding                                  : 0x00 (unspecified)
                \tBR, Nominal                               : 25500Mbps
                \tLength (Copper or Active cable)           : 2m
                \tVendor name                               : Mellanox
                \tVendor OUI                                : 00:02:c9
                \tVendor PN                                 : MCP1600-C002E30N
                \tVendor rev                                : A4
                \tVendor SN                                 : MT%010d
                \tModule temperature                        : %.2f degrees C / %.2f degrees F
                \tModule voltage                            : 3.2990 V
                \tModule temperature high alarm threshold   : 80.00 degrees C / 176.00 degrees F
                \tModule temperature low alarm threshold    : -5.00 degrees C / 23.00 degrees F
                \tModule temperature high warning threshold : 75.00 degrees C / 167.00 degrees F
                \tModule temperature low warning threshold  : 0.00 degrees C / 32.00 degrees F
                \tModule voltage high alarm threshold       : 3.6300 V
                \tModule voltage low alarm threshold        : 2.9700 V
                """,
                Seeds.between(host.seed, "modulesn" + p.netdev, 0, 10_000_000_000L),
                p.moduleCelsius,
                p.moduleCelsius * 9 / 5 + 32);
    }
}
