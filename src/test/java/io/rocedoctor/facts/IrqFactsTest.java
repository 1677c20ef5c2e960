package io.rocedoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import org.junit.jupiter.api.Test;

/** Per-CPU interrupt load of a NIC between samples, irqbalance state and busy polling, from the raw outputs. */
class IrqFactsTest extends BundleFolderTest {

    private static String interrupts(long a, long b, long c, long d) {
        return "           CPU0       CPU1       CPU2       CPU3\n"
                + " 90:  " + a + "  0  0  0  IR-PCI-MSIX-0000:5e:00.0 1-edge  mlx5_comp0@pci:0000:5e:00.0\n"
                + " 91:  " + b + "  0  0  0  IR-PCI-MSIX-0000:5e:00.0 2-edge  mlx5_comp1@pci:0000:5e:00.0\n"
                + " 92:  0  " + c + "  0  0  IR-PCI-MSIX-0000:5e:00.0 3-edge  mlx5_comp2@pci:0000:5e:00.0\n"
                + " 93:  0  0  " + d + "  0  IR-PCI-MSIX-0000:5e:00.0 4-edge  mlx5_comp3@pci:0000:5e:00.0\n";
    }

    private Facts build() throws Exception {
        write("manifest.yaml", """
                format: 1
                host: h3
                samples:
                  - {n: 0, at: 2026-11-20T10:15:00.000Z}
                  - {n: 1, at: 2026-11-20T10:15:10.000Z}
                """);
        write(
                "commands/ethtool_-i_eth4",
                "driver: mlx5_core\nversion: 1\nfirmware-version: 22.1.1 (MT_1)\nbus-info: 0000:5e:00.0\n");
        write("commands/numactl_-H", "available: 1 nodes (0)\nnode 0 cpus: 0 1 2 3\nnode 0 size: 1000 MB\n");
        write("fs/proc/interrupts", interrupts(100, 100, 100, 100));
        write("samples/1/fs/proc/interrupts", interrupts(700, 500, 200, 200));
        for (int irq = 90; irq < 94; irq++) {
            write("fs/proc/irq/" + irq + "/smp_affinity_list", irq < 92 ? "0\n" : (irq - 91) + "\n");
        }
        write("commands/systemctl_is-active_irqbalance", "active\n");
        write("commands/sysctl_-a", "net.core.busy_poll = 0\nnet.core.busy_read = 50\nnet.core.somaxconn = 4096\n");
        return facts();
    }

    @Test
    void theBusiestCpuAndItsShareOfTheNicsInterruptsBetweenSamples() throws Exception {
        InterruptLoad l = build().of(InterruptLoad.class).get(0);
        // 600 + 400 of 1200 interrupts on CPU 0, served by IRQs 90 and 91.
        assertThat(l.lines()).isEqualTo(4);
        assertThat(l.total()).isEqualTo(1200);
        assertThat(l.busiestCpu()).isZero();
        assertThat(l.busiestShare()).isCloseTo(1000.0 / 1200, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(l.busiestIrqList()).isEqualTo("90,91");
        assertThat(l.localCpus()).hasToString("0-3");
        assertThat(l.pinnedOneToOne()).isFalse(); // two lines share CPU 0
        assertThat(l.sinceBoot()).isFalse();
    }

    @Test
    void linesEachOnACpuOfTheirOwnArePinnedOneToOne() throws Exception {
        build();
        for (int irq = 90; irq < 94; irq++) {
            write("fs/proc/irq/" + irq + "/smp_affinity_list", (irq - 90) + "\n");
        }
        assertThat(facts().of(InterruptLoad.class).get(0).pinnedOneToOne()).isTrue();
    }

    @Test
    void aLineAllowedOnTwoCpusIsNotPinnedOneToOne() throws Exception {
        build();
        for (int irq = 90; irq < 94; irq++) {
            write("fs/proc/irq/" + irq + "/smp_affinity_list", irq == 93 ? "2-3\n" : (irq - 90) + "\n");
        }
        assertThat(facts().of(InterruptLoad.class).get(0).pinnedOneToOne()).isFalse();
    }

    /** Intel ice and i40e name their queue vectors driver-netdev-TxRx-N: the netdev is the middle part. */
    @Test
    void intelQueueVectorsPrefixedWithTheDriverNameAreTheNetdevsCompletionLines() throws Exception {
        write("manifest.yaml", "host: h4\nsamples:\n  - {n: 0, at: 2026-11-20T10:15:00.000Z}\n");
        write(
                "commands/ethtool_-i_ens801f0",
                "driver: ice\nversion: 1\nfirmware-version: 4.40\nbus-info: 0000:af:00.0\n");
        write(
                "fs/proc/interrupts",
                "           CPU0       CPU1\n"
                        + " 200:  5  0  IR-PCI-MSIX-0000:af:00.0 0-edge  ice-0000:af:00.0:misc\n"
                        + " 201:  70  0  IR-PCI-MSIX-0000:af:00.0 1-edge  ice-ens801f0-TxRx-0\n"
                        + " 202:  0  30  IR-PCI-MSIX-0000:af:00.0 2-edge  ice-ens801f0-TxRx-1\n");
        assertThat(facts().of(IrqBinding.class))
                .extracting(IrqBinding::irq, IrqBinding::nic, IrqBinding::completion)
                .containsExactly(
                        tuple(200, "0000:af:00", false), // the misc vector carries no completions
                        tuple(201, "0000:af:00", true),
                        tuple(202, "0000:af:00", true));
    }

    /**
     * RoCE completions on a Broadcom NIC arrive on bnxt_re's notification queue vectors, named after
     * the PCI function, not on the netdev's TxRx vectors; its command response vector (creq) is control.
     */
    @Test
    void broadcomRoceNotificationQueuesAreCompletionLinesOfTheirPciFunction() throws Exception {
        write("manifest.yaml", "host: h5\nsamples:\n  - {n: 0, at: 2026-11-20T10:15:00.000Z}\n");
        write(
                "commands/ethtool_-i_ens2f0np0",
                "driver: bnxt_en\nversion: 6.8.0\nfirmware-version: 230.0.157.0/pkg 230.1.116.0\n"
                        + "bus-info: 0000:41:00.0\n");
        write(
                "fs/proc/interrupts",
                "           CPU0       CPU1\n"
                        + " 310:  9  0  IR-PCI-MSIX-0000:41:00.0 0-edge  ens2f0np0-TxRx-0\n"
                        + " 342:  0  4  IR-PCI-MSIX-0000:41:00.0 32-edge  bnxt_re-creq@pci:0000:41:00.0\n"
                        + " 343:  80  0  IR-PCI-MSIX-0000:41:00.0 33-edge  bnxt_re-nq-0@pci:0000:41:00.0\n"
                        + " 344:  0  70  IR-PCI-MSIX-0000:41:00.0 34-edge  bnxt_qplib_nq\n");
        assertThat(facts().of(IrqBinding.class))
                .extracting(IrqBinding::irq, IrqBinding::nic, IrqBinding::completion)
                .containsExactly(
                        tuple(310, "0000:41:00", true),
                        tuple(342, "0000:41:00", false),
                        tuple(343, "0000:41:00", true),
                        tuple(344, "0000:41:00", true)); // older kernels: only the MSI-X chip names the function
    }

    /** irdma (Intel E810 RoCE) names its vectors irdma-BDF-CEQ-N; the first, AEQCEQ, also carries CEQ 0. */
    @Test
    void intelRdmaCompletionEventQueuesAreCompletionLinesOfTheirPciFunction() throws Exception {
        write("manifest.yaml", "host: h6\nsamples:\n  - {n: 0, at: 2026-11-20T10:15:00.000Z}\n");
        write(
                "commands/ethtool_-i_ens801f0",
                "driver: ice\nversion: 1\nfirmware-version: 4.40\nbus-info: 0000:af:00.0\n");
        write(
                "fs/proc/interrupts",
                "           CPU0       CPU1\n"
                        + " 240:  5  0  IR-PCI-MSIX-0000:af:00.0 65-edge  irdma-0000:af:00.0-AEQCEQ-0\n"
                        + " 241:  0  30  IR-PCI-MSIX-0000:af:00.0 66-edge  irdma-0000:af:00.0-CEQ-1\n"
                        + " 242:  0  30  IR-PCI-MSIX-0000:b0:00.0 66-edge  irdma-0000:b0:00.0-CEQ-1\n");
        assertThat(facts().of(IrqBinding.class))
                .extracting(IrqBinding::irq, IrqBinding::nic, IrqBinding::completion)
                .containsExactly(
                        tuple(240, "0000:af:00", true),
                        tuple(241, "0000:af:00", true)); // 242 serves a function no port of the bundle sits on
    }

    @Test
    void irqbalanceStateAndBusyPollingAreRead() throws Exception {
        Facts f = build();
        assertThat(f.of(IrqBalance.class)).containsExactly(new IrqBalance("active", true));
        assertThat(f.of(BusyPolling.class)).containsExactly(new BusyPolling(0L, 50L));
    }
}
