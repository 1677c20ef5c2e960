package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every real output under {@code $ROCE_DOCTOR_SAMPLES} read by a core host parser parses, and
 * a few values per file, read from the file by eye, come out right. Damaged files
 * ({@code mailwrapped}, {@code forum-collapsed}) may give a ParseException, nothing else; their
 * checks run only when they parse. A file without a check here fails, so that a new sample is
 * looked at.
 *
 * <p>{@code proc_irq/} is not read: its samples are {@code ls /proc/irq/N/mlx5*} paths and
 * {@code tuna show_irqs} tables, which no roce-doctor source captures; the IRQ file we do read,
 * {@code smp_affinity_list}, is a bare CPU list covered by {@link CpuListParserTest}.
 */
class CoreParsersSamplesConformanceTest {

    /** The values one sample file must parse into. */
    private interface Check<T> {
        void verify(T parsed);
    }

    @TestFactory
    Stream<DynamicTest> ethtoolStats() throws IOException {
        return conform(
                "ethtool-S",
                new EthtoolStatsParser(),
                Map.<String, Check<EthtoolStats>>of(
                        "bnxt_en-broadcom-ethq-fixture.txt",
                                s -> {
                                    assertThat(s.counters()).hasSize(499);
                                    assertThat(s.counter("rx_ucast_packets[0]")).contains(10198513532L);
                                    assertThat(s.counter("rx_ucast_packets[1]")).contains(10418578771L);
                                    assertThat(s.counter("rx_pfc_ena_frames_pri0"))
                                            .contains(0L);
                                    assertThat(s.counter("tx_packets_pri7")).contains(0L);
                                },
                        "ice-intel-e810-ethq-fixture.txt",
                                s -> {
                                    assertThat(s.counters()).hasSize(602);
                                    assertThat(s.counter("rx_unicast")).contains(12117448L);
                                    assertThat(s.counter("tx_unicast.nic")).contains(48786299L);
                                    assertThat(s.counter("tx_queue_0_packets")).contains(5L);
                                },
                        "mlx5-connectx4lx-ubuntu1804-k4.15-ethq-fixture-noheader.txt",
                                s -> {
                                    assertThat(s.counters()).hasSize(751);
                                    assertThat(s.counter("rx_packets")).contains(845320277L);
                                    assertThat(s.counter("rx_prio0_bytes")).contains(2202570777997L);
                                    assertThat(s.counter("tx0_packets")).contains(101488959L);
                                    assertThat(s.counter("tx15_xmit_more")).contains(5530L);
                                },
                        "mlx5-grep-prio-no-pfc-byteps.txt",
                                s -> {
                                    assertThat(s.counters()).hasSize(32);
                                    assertThat(s.counter("rx_prio0_bytes")).contains(88178050405854L);
                                    assertThat(s.counter("tx_prio0_packets")).contains(40316741528L);
                                    assertThat(s.counter("rx_prio0_pause")).isEmpty();
                                },
                        "mlx5-xdp-kernel-5.15-nonzero-only-bpf-list.txt",
                                s -> {
                                    assertThat(s.counters()).hasSize(101);
                                    assertThat(s.counter("rx_packets")).contains(333854100L);
                                    assertThat(s.counter("rx_out_of_buffer")).contains(990473555L);
                                    assertThat(s.counter("rx_discards_phy")).contains(58591428329L);
                                    assertThat(s.counter("tx_global_pause")).contains(5745042L);
                                },
                        "mlx5-xdp-kernel-6.5-nonzero-only-bpf-list.txt",
                                s -> {
                                    assertThat(s.counters()).hasSize(108);
                                    assertThat(s.counter("rx_packets")).contains(7282880L);
                                    assertThat(s.counter("rx_pp_alloc_fast")).contains(3641784L);
                                    assertThat(s.counter("rx_buffer_passed_thres_phy"))
                                            .contains(1192226L);
                                    assertThat(s.counter("tx_global_pause")).contains(44414017L);
                                }));
    }

    @TestFactory
    Stream<DynamicTest> ethtoolDriverInfo() throws IOException {
        return conform(
                "ethtool-i",
                new EthtoolDriverInfoParser(),
                Map.<String, Check<EthtoolDriverInfo>>of(
                        "bnxt_en-broadcom-go-ethtool-metrics.txt",
                                i -> assertThat(i)
                                        .isEqualTo(new EthtoolDriverInfo(
                                                "bnxt_en",
                                                "4.18.0-448.el8.x86_64",
                                                "220.0.57.0/pkg 22.00.07.60",
                                                null,
                                                "0000:ca:00.0")),
                        "mlx5_core-connectx4-ubuntu1804.txt",
                                i -> assertThat(i)
                                        .isEqualTo(new EthtoolDriverInfo(
                                                "mlx5_core", "5.0-0", "14.23.1020", "MT_2420110034", "0000:af:00.0")),
                        "mlx5_core-ib_ipoib-connectx6-indented.txt",
                                i -> assertThat(i)
                                        .isEqualTo(new EthtoolDriverInfo(
                                                "mlx5_core",
                                                "6.10.11-amd64",
                                                "20.40.1000",
                                                "MT_0000000224",
                                                "0000:81:00.0"))));
    }

    @TestFactory
    Stream<DynamicTest> lspci() throws IOException {
        return conform(
                "lspci",
                new LspciParser(),
                Map.<String, Check<PciDevices>>of(
                        "lspci-vvv-connectx4lx-two-functions-hpe.txt",
                                all -> {
                                    assertThat(all.devices())
                                            .extracting(PciDevice::address)
                                            .containsExactly("0000:0b:00.0", "0000:0b:00.1");
                                    for (PciDevice d : all.devices()) {
                                        assertThat(d.name())
                                                .isEqualTo("Mellanox Technologies MT27710 Family [ConnectX-4 Lx]");
                                        assertThat(d.driver()).isEqualTo("mlx5_core");
                                        assertThat(d.numaNode()).isZero();
                                        assertThat(d.linkCap()).isEqualTo(new PciDevice.PcieLinkState(8, 8));
                                        assertThat(d.linkSta()).isEqualTo(new PciDevice.PcieLinkState(8, 8));
                                        assertThat(d.maxPayload()).isEqualTo(128);
                                        assertThat(d.maxReadReq()).isEqualTo(512);
                                        assertThat(d.capMaxPayload()).isEqualTo(512);
                                    }
                                },
                        "lspci-vvv-connectx6dx-gen4-x16-head-excerpt.txt",
                                all -> {
                                    PciDevice d = all.at("b3:00.0").orElseThrow();
                                    assertThat(d.name())
                                            .isEqualTo("Mellanox Technologies MT2892 Family [ConnectX-6 Dx]");
                                    assertThat(d.numaNode()).isZero();
                                    assertThat(d.linkCap()).isEqualTo(new PciDevice.PcieLinkState(16, 16));
                                    assertThat(d.linkSta()).isNull(); // the excerpt ends before LnkSta
                                    assertThat(d.maxPayload()).isEqualTo(256);
                                    assertThat(d.maxReadReq()).isEqualTo(4096);
                                    assertThat(d.capMaxPayload()).isEqualTo(512);
                                    assertThat(d.driver()).isNull();
                                }));
    }

    @TestFactory
    Stream<DynamicTest> procInterrupts() throws IOException {
        return conform(
                "proc_interrupts",
                new ProcInterruptsParser(),
                Map.<String, Check<InterruptCounts>>of("proc-interrupts-8cpu-laptop-generic.txt", c -> {
                    assertThat(c.cpus()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
                    assertThat(c.rows()).hasSize(37);
                    InterruptCounts.Row nic = row(c, "29");
                    assertThat(nic.name()).isEqualTo("enp0s25");
                    assertThat(nic.perCpu()).containsExactly(974462, 273360, 84814, 115282, 66423, 72322, 48783, 56791);
                    assertThat(row(c, "16").name()).isEqualTo("mmc0");
                    assertThat(row(c, "30").name()).isEmpty();
                    assertThat(row(c, "27").name()).isEqualTo("ahci[0000:00:1f.2]");
                    assertThat(row(c, "LOC").perCpu()[7]).isEqualTo(2508884);
                    assertThat(row(c, "LOC").name()).isEqualTo("Local timer interrupts");
                    assertThat(row(c, "ERR").perCpu()).containsExactly(0, 0, 0, 0, 0, 0, 0, 0);
                    assertThat(row(c, "PIW").irq()).isNull();
                }));
    }

    @TestFactory
    Stream<DynamicTest> lscpu() throws IOException {
        return conform(
                "lscpu",
                new LscpuParser(),
                Map.<String, Check<NumaTopology>>of(
                        "lscpu-classic-format-hyperv-guest-sos.txt",
                                t -> {
                                    assertThat(t.cpuCount()).isEqualTo(2);
                                    assertThat(t.modelName()).isEqualTo("Intel(R) Xeon(R) W-2155 CPU @ 3.30GHz");
                                    assertThat(t.nodes()).containsExactly(Map.entry(0, CpuSet.of(0, 1)));
                                },
                        "lscpu-new-format-kvm-guest.txt",
                                t -> {
                                    assertThat(t.cpuCount()).isEqualTo(2);
                                    assertThat(t.modelName()).isEqualTo("Intel Core Processor (Haswell, no TSX, IBRS)");
                                    assertThat(t.nodes()).containsExactly(Map.entry(0, CpuSet.of(0, 1)));
                                }));
    }

    @TestFactory
    Stream<DynamicTest> numactl() throws IOException {
        return conform(
                "numactl",
                new NumactlParser(),
                Map.<String, Check<NumaTopology>>of("numactl-H-2node-192cpu-azure-mailwrapped.txt", t -> {
                    assertThat(t.nodes()).containsOnlyKeys(0, 1);
                    assertThat(t.nodes().get(0)).hasToString("0-95");
                    assertThat(t.nodes().get(1)).hasToString("96-191");
                }));
    }

    @TestFactory
    Stream<DynamicTest> bonding() throws IOException {
        return conform(
                "proc_net_bonding",
                new BondingParser(),
                Map.<String, Check<BondStatus>>of("bond0-802.3ad-connectx5-layer2.txt", b -> {
                    assertThat(b.mode()).isEqualTo("802.3ad");
                    assertThat(b.xmitHashPolicy()).isEqualTo("layer2");
                    assertThat(b.miiStatus()).isEqualTo("up");
                    assertThat(b.activeAggregatorId()).isEqualTo("2");
                    assertThat(b.members())
                            .containsExactly(
                                    new BondStatus.Member("enp145s0f0", "up", 40000, 1L, "1"),
                                    new BondStatus.Member("enp145s0f1", "up", 40000, 0L, "2"));
                }));
    }

    private static InterruptCounts.Row row(InterruptCounts c, String label) {
        return c.rows().stream()
                .filter(r -> r.label().equals(label))
                .findFirst()
                .orElseThrow();
    }

    private static <T> Stream<DynamicTest> conform(String folder, Parser<T> parser, Map<String, Check<T>> checks)
            throws IOException {
        List<Path> files = RealSamples.files(folder);
        return files.stream()
                .map(file -> DynamicTest.dynamicTest(folder + "/" + file.getFileName(), () -> {
                    String name = file.getFileName().toString();
                    Check<T> check = checks.get(name);
                    assertThat(check)
                            .as("no spot-check written for real sample %s/%s", folder, name)
                            .isNotNull();
                    T parsed;
                    try {
                        parsed = parser.parse(RealSamples.read(file));
                    } catch (ParseException e) {
                        if (RealSamples.damaged(file)) {
                            return;
                        }
                        throw new AssertionError(folder + "/" + name + " line " + e.line() + ": " + e.getMessage(), e);
                    }
                    check.verify(parsed);
                }));
    }
}
