package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every real output in the ethtool-l, ethtool-g, ethtool-n, ethtool-x, ethtool-m, ip, sysctl and
 * perftest sample folders parses (damaged-in-transit files may give a ParseException, nothing
 * else), and the values read by eye from each file come out.
 */
class EthtoolFamilySamplesConformanceTest {

    /** Spot checks by file name; a file without one is only required to parse. */
    private static final Map<String, Consumer<Object>> CHECKS = Map.ofEntries(
            Map.entry("ethtool-l-sfc-enp2s0f0.txt", r -> {
                EthtoolChannels c = (EthtoolChannels) r;
                assertThat(c.interfaceName()).isEqualTo("enp2s0f0");
                assertThat(c.maximums()).isEqualTo(new EthtoolChannels.Counts(null, null, 1L, 31L));
                assertThat(c.current().combined()).isEqualTo(4L);
            }),
            Map.entry("ethtool-g-eth0-4096-tabs.txt", r -> {
                EthtoolRings g = (EthtoolRings) r;
                assertThat(g.interfaceName()).isEqualTo("eth0");
                assertThat(g.maximums()).isEqualTo(new EthtoolRings.Sizes(4096L, null, null, 4096L));
                assertThat(g.current().tx()).isEqualTo(4096L);
            }),
            Map.entry("ethtool-j-g-ens5f1np1-json.txt", r -> {
                EthtoolRings g = (EthtoolRings) r;
                assertThat(g.interfaceName()).isEqualTo("ens5f1np1");
                assertThat(g.maximums().rx()).isEqualTo(8192L);
                assertThat(g.current().rx()).isEqualTo(1024L);
                assertThat(g.otherSettings())
                        .containsEntry("tcp-data-split", "off")
                        .containsEntry("tx-push", "off");
            }),
            Map.entry("ethtool-n-eth2-rx-flow-hash-udp4-ip-only.txt", r -> {
                RxFlowHash h = (RxFlowHash) r;
                assertThat(h.flowType()).isEqualTo("UDP over IPV4");
                assertThat(h.fields()).containsExactlyInAnyOrder(RxFlowHash.Field.IP_SA, RxFlowHash.Field.IP_DA);
                assertThat(h.includesL4SourcePort()).isFalse();
            }),
            Map.entry("ethtool-x-sfc-enp2s0f0-zeroed-table-bug.txt", r -> {
                RssIndirection x = (RssIndirection) r;
                assertThat(x.interfaceName()).isEqualTo("enp2s0f0");
                assertThat(x.ringCount()).isEqualTo(4);
                assertThat(x.tableElided()).isTrue();
                assertThat(x.table()).hasSize(32).containsOnly(0);
                assertThat(x.queuesUsed()).containsExactly(0);
                assertThat(x.unusedRings()).containsExactly(1, 2, 3);
                assertThat(x.hashKey()).hasSize(40);
                assertThat(x.hashKeyAllZero()).isTrue();
                assertThat(x.activeHashFunction()).contains("toeplitz");
            }),
            Map.entry("ethtool-m-bnxt_en-sfp-10g-sr-ddm.txt", r -> {
                ModuleInfo m = (ModuleInfo) r;
                assertThat(m.identifier()).isEqualTo("0x03 (SFP)");
                assertThat(m.vendorName()).isEqualTo("FS");
                assertThat(m.vendorPartNumber()).isEqualTo("SFP-10GSR-85");
                assertThat(m.vendorSerialNumber()).isEqualTo("S2109191251");
                assertThat(m.temperatureCelsius()).isEqualTo(0.0);
                assertThat(m.temperatureHighAlarmCelsius()).isEqualTo(3.02);
                assertThat(m.voltage()).isEqualTo(0.2287);
                assertThat(m.rxPowerMilliwatts()).containsExactly(2.7310);
                assertThat(m.txPowerMilliwatts()).containsExactly(5.7000);
                assertThat(m.fields()).containsEntry("Vendor rev", "");
            }),
            Map.entry("ethtool-m-i40e-sfp-10g-sr-ddm.txt", r -> {
                ModuleInfo m = (ModuleInfo) r;
                assertThat(m.connector()).isEqualTo("0x07 (LC)");
                assertThat(m.vendorName()).isEqualTo("OEM");
                assertThat(m.temperatureCelsius()).isEqualTo(40.01);
                assertThat(m.temperatureHighAlarmCelsius()).isEqualTo(75.0);
                assertThat(m.temperatureHighWarningCelsius()).isEqualTo(70.0);
                assertThat(m.voltage()).isEqualTo(3.4365);
                assertThat(m.rxPowerMilliwatts()).containsExactly(0.5964);
                assertThat(m.fields().get("Transceiver type"))
                        .isEqualTo("10G Ethernet: 10G Base-SR; Ethernet: 1000BASE-SX");
            }),
            Map.entry("ip-d-s-link-bond-active-backup-virtio.txt", r -> {
                IpLinks links = (IpLinks) r;
                assertThat(links.links()).extracting(IpLink::name).containsExactly("lo", "enp1s0", "enp2s0", "bond0");
                IpLink enp1 = links.named("enp1s0").orElseThrow();
                assertThat(enp1.master()).isEqualTo("bond0");
                assertThat(enp1.kind()).isEqualTo("bond_slave");
                assertThat(enp1.slaveState()).isEqualTo("ACTIVE");
                assertThat(enp1.miiStatus()).isEqualTo("UP");
                assertThat(enp1.statistic("rx_dropped")).isEqualTo(505436L);
                assertThat(enp1.altNames()).containsExactly("enx5254003637ea");
                IpLink enp2 = links.named("enp2s0").orElseThrow();
                assertThat(enp2.slaveState()).isEqualTo("BACKUP");
                assertThat(enp2.attributes()).containsEntry("permaddr", "52:54:00:c9:b9:47");
                assertThat(enp2.statistic("tx_bytes")).isEqualTo(5705272L);
                IpLink bond = links.named("bond0").orElseThrow();
                assertThat(bond.bondMode()).isEqualTo("active-backup");
                assertThat(bond.xmitHashPolicy()).isEqualTo("layer2");
                assertThat(bond.attributes()).containsEntry("active_slave", "enp1s0");
                assertThat(bond.statistic("rx_packets")).isEqualTo(49872690L);
                assertThat(links.named("lo").orElseThrow().mtu()).isEqualTo(65536);
            }),
            Map.entry("sysctl-a-net.core-excerpt-coreos.txt", r -> {
                SysctlValues s = (SysctlValues) r;
                assertThat(s.values()).hasSize(33);
                assertThat(s.longValue("net.core.netdev_max_backlog")).hasValue(1000);
                assertThat(s.longValue("net.core.netdev_budget")).hasValue(300);
                assertThat(s.value("net.core.default_qdisc")).contains("fq_codel");
                assertThat(s.longValue("net.core.rmem_max")).hasValue(212992);
            }),
            Map.entry("ib_read_bw-a-rxe-softroce-1GbE.txt", r -> {
                PerftestResult p = (PerftestResult) r;
                assertThat(p.test()).isEqualTo(PerftestProgram.READ_BW);
                assertThat(p.banner().device()).isEqualTo("rxe0");
                assertThat(p.banner().mtuBytes()).isEqualTo(1024);
                assertThat(p.banner().gidIndex()).isEqualTo(2);
                assertThat(p.banner().all()).containsEntry("Outstand reads", "128");
                assertThat(p.bandwidthUnit()).isEqualTo("MB/sec");
                assertThat(p.bandwidthRows()).hasSize(23);
                assertThat(p.bandwidthRows().get(0))
                        .isEqualTo(new PerftestResult.BandwidthRow(2, 1000, 0.56, 0.56, 0.294363));
                assertThat(p.bandwidthRows().get(22).bytes()).isEqualTo(8388608L);
            }),
            Map.entry("ib_send_bw-z-mlx5_bond_0-roce-lag-banner-excerpt.txt", r -> {
                PerftestResult p = (PerftestResult) r;
                assertThat(p.test()).isEqualTo(PerftestProgram.SEND_BW);
                assertThat(p.banner().device()).isEqualTo("mlx5_bond_0");
                assertThat(p.banner().gidIndex()).isEqualTo(3);
                assertThat(p.banner().maxInlineBytes()).isZero();
                assertThat(p.banner().rdmaCmQps()).isFalse();
                assertThat(p.banner().dataExchangeMethod()).isEqualTo("rdma_cm");
                assertThat(p.bandwidthRows()).isEmpty();
            }),
            Map.entry("ib_write_bw-R-rdma_cm-bluefield3-sf-result-lines.txt", r -> {
                PerftestResult p = (PerftestResult) r;
                assertThat(p.test()).isNull();
                assertThat(p.bandwidthUnit()).isEqualTo("Gb/sec");
                assertThat(p.bandwidthRows())
                        .containsExactly(new PerftestResult.BandwidthRow(65536, 5000, 92.58, 92.56, 0.176543));
            }),
            Map.entry("ib_write_bw-post-list-roce-ib0-8B.txt", r -> {
                PerftestResult p = (PerftestResult) r;
                assertThat(p.test()).isEqualTo(PerftestProgram.WRITE_BW);
                assertThat(p.banner().txDepth()).isEqualTo(256);
                assertThat(p.banner().all())
                        .containsEntry("Post List", "128")
                        .containsEntry("PCIe relax order", "Unsupported");
                assertThat(p.bandwidthRows())
                        .containsExactly(new PerftestResult.BandwidthRow(8, 224958464, 0.00, 0.48, 7.498617));
            }),
            Map.entry("ib_write_bw-roce-connectx7-dgx-spark-run_infinitely.txt", r -> {
                PerftestResult p = (PerftestResult) r;
                assertThat(p.test()).isEqualTo(PerftestProgram.WRITE_BW);
                assertThat(p.banner().device()).isEqualTo("rocep1s0f0");
                assertThat(p.banner().rdmaCmQps()).isFalse();
                assertThat(p.bandwidthRows()).hasSize(5);
                assertThat(p.bandwidthRows().get(3).average()).isEqualTo(92.56);
                assertThat(p.bandwidthRows().get(4).iterations()).isEqualTo(882821L);
            }),
            Map.entry("ib_write_bw-server-D10-mlx5_0-roce-gid3-excerpt.txt", r -> {
                PerftestResult p = (PerftestResult) r;
                assertThat(p.test()).isEqualTo(PerftestProgram.WRITE_BW);
                assertThat(p.banner().device()).isEqualTo("mlx5_0");
                assertThat(p.banner().txDepth()).isNull();
                assertThat(p.banner().gidIndex()).isEqualTo(3);
                assertThat(p.bandwidthUnit()).isEqualTo("MB/sec");
                assertThat(p.bandwidthRows()).isEmpty();
            }),
            Map.entry("ib_write_lat-a-rxe-softroce-loopback.txt", r -> {
                PerftestResult p = (PerftestResult) r;
                assertThat(p.latency()).isTrue();
                assertThat(p.latencyRows()).hasSize(12);
                assertThat(p.latencyRows().get(0))
                        .isEqualTo(new PerftestResult.LatencyRow(2, 1000, 1.57, 9.65, 1.84, 2.04, 0.69, 5.02, 9.65));
                assertThat(p.latencyRows().get(11).percentile999()).isEqualTo(11.66);
            }));

    @TestFactory
    Stream<DynamicTest> realSamplesParse() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        add(tests, "ethtool-l", new EthtoolChannelsParser());
        add(tests, "ethtool-g", new EthtoolRingsParser());
        add(tests, "ethtool-n", new RxFlowHashParser());
        add(tests, "ethtool-x", new RssIndirectionParser());
        add(tests, "ethtool-m", new ModuleInfoParser());
        add(tests, "ip", new IpLinksParser());
        add(tests, "sysctl", new SysctlParser());
        add(tests, "perftest", new PerftestParser());
        return tests.stream();
    }

    private static void add(List<DynamicTest> tests, String folder, Parser<?> parser) throws IOException {
        for (Path file : RealSamples.files(folder)) {
            String name = file.getFileName().toString();
            tests.add(DynamicTest.dynamicTest(folder + "/" + name, () -> {
                String text = RealSamples.read(file);
                if (RealSamples.damaged(file)) {
                    ParserFuzz.survives(parser, text);
                    return;
                }
                Object result;
                try {
                    result = parser.parse(text);
                } catch (ParseException e) {
                    throw new AssertionError(folder + "/" + name + ":" + e.line() + ": " + e.getMessage(), e);
                }
                CHECKS.getOrDefault(name, r -> {}).accept(result);
            }));
        }
    }
}
