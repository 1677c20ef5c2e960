package io.rocedoctor.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EvidenceSummaryTest {

    private static List<Report.Evidence> irqs(int first, int count) {
        List<Report.Evidence> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(new Report.Evidence(
                    "/proc/irq/" + (first + i) + "/smp_affinity_list",
                    String.valueOf(i % 4),
                    "mlx5_comp" + i + "@pci:0000:3b:00.0: CPU(s) " + (i % 4) + " outside node 1"));
        }
        return out;
    }

    @Test
    void sixteenIrqLinesBecomeOneWithTheirCountRangeCpusAndCommonNote() {
        List<EvidenceSummary.Line> lines = EvidenceSummary.of(irqs(140, 16));

        assertThat(lines).hasSize(1);
        Report.Evidence e = lines.get(0).evidence();
        assertThat(e.source()).isEqualTo("/proc/irq/*/smp_affinity_list, 16 of them (140-155)");
        assertThat(e.value()).isEqualTo("0-3");
        assertThat(e.note()).isEqualTo("each: \u2026 outside node 1");
        assertThat(lines.get(0).covers()).hasSize(16);
    }

    @Test
    void nearMissThreeLinesStayOneByOne() {
        assertThat(EvidenceSummary.of(irqs(140, 3))).hasSize(3).noneMatch(EvidenceSummary.Line::summarises);
    }

    @Test
    void aRepeatedLineIsShownOnceAndLongDecimalsAreRounded() {
        Report.Evidence share = new Report.Evidence("ethtool -S ens1f0np0", "0.8123456789", "share of tx bytes");
        List<EvidenceSummary.Line> lines = EvidenceSummary.of(
                List.of(share, share, new Report.Evidence("ethtool -S ens1f1np1", "0.19", "share of tx bytes")));

        assertThat(lines).extracting(l -> l.evidence().value()).containsExactly("0.81", "0.19");
    }

    /** Near miss of rounding: an IPv4 address holds "192.168" but is no decimal. */
    @Test
    void anAddressIsNotRoundedAsADecimal() {
        Report.Evidence address = new Report.Evidence("ip -o addr show", "ens1f0np0 192.168.10.11/24", null);
        assertThat(EvidenceSummary.of(List.of(address)))
                .extracting(l -> l.evidence().value())
                .containsExactly("ens1f0np0 192.168.10.11/24");
    }

    @Test
    void nearMissNamesWithDigitsAfterADotAreNotRounded() {
        Report.Evidence vlan = new Report.Evidence(
                "ip -d link show", "ens1f0np0.100 egress-qos-map { 0:3 }", "PCP of its frames on VLAN 100");
        Report.Evidence firmware = new Report.Evidence("ethtool -i ens1f0np0", "22.39.1002 at 0.8123", null);
        assertThat(EvidenceSummary.of(List.of(vlan, firmware)))
                .extracting(l -> l.evidence().value())
                .containsExactly("ens1f0np0.100 egress-qos-map { 0:3 }", "22.39.1002 at 0.81");
    }

    @Test
    void sourcesDifferingInTwoNumbersAreNotMerged() {
        List<Report.Evidence> mixed = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            mixed.add(new Report.Evidence("/sys/class/net/p" + i + "/ecn/roce_np/enable/" + i, "0", null));
        }
        assertThat(EvidenceSummary.of(mixed)).hasSize(5);
    }
}
