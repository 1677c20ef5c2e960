package io.rocedoctor.bundle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SourceTemplateTest {

    @Test
    void everySpellingMatchesItsRenderingAndNotTheRenderingCutAtItsStart() {
        List<CaptureKind> kinds = new java.util.ArrayList<>(List.of(SourceKind.values()));
        kinds.addAll(List.of(SwitchSourceKind.values()));
        for (CaptureKind kind : kinds) {
            boolean command = kind.origin() == SourceKind.Origin.COMMAND;
            for (String spelling : kind.templates()) {
                SourceTemplate template = new SourceTemplate(spelling, command);
                List<String> args = template.parameters().stream()
                        .map(SourceTemplateTest::sampleArgument)
                        .toList();
                String text = template.render(args);
                assertThat(template.match(text, false)).as(spelling).contains(args);
                assertThat(template.match(text.substring(1), false))
                        .as(spelling)
                        .isEmpty();
                assertThat(template.match("x" + text, false)).as(spelling).isEmpty();
                if (command) {
                    String mangled = Mangling.mangle(text);
                    assertThat(template.match(mangled, true)).as(spelling).contains(args);
                    assertThat(template.match(mangled.substring(1), true))
                            .as(spelling)
                            .isEmpty();
                }
            }
        }
    }

    /** An argument each parameter's expression admits, its mangled form the same. */
    private static String sampleArgument(String parameter) {
        return switch (parameter) {
            case "irq", "prio", "cpu", "port" -> "3";
            case "program" -> "ib_write_bw";
            case "args" -> "-a";
            default -> "ens1f0np0";
        };
    }

    @Test
    void aTextAskedAgainGetsTheSameAnswerForTheSameQuestionOnly() {
        // Answers are remembered by text: asked mangled, as a file, or again, the answer is the one matching gives.
        for (int asked = 0; asked < 2; asked++) {
            assertThat(SourceKind.recognise("ethtool_-S_ens2f1np1", true, SourceKind.Origin.COMMAND))
                    .contains(Source.of(SourceKind.ETHTOOL_STATS, "ens2f1np1"));
            assertThat(SourceKind.recognise("ethtool_-S_ens2f1np1", false, SourceKind.Origin.COMMAND))
                    .isEmpty();
            assertThat(SourceKind.recognise("ethtool -S ens2f1np1", false, SourceKind.Origin.FILE))
                    .isEmpty();
            assertThat(SourceKind.recognise("ethtool -S ens2f1np1", false, SourceKind.Origin.COMMAND))
                    .contains(Source.of(SourceKind.ETHTOOL_STATS, "ens2f1np1"));
        }
    }

    @Test
    void hostKindsStillMatchRawAndMangled() {
        assertThat(SourceKind.recognise("ethtool -S ens1f0np0", false, SourceKind.Origin.COMMAND))
                .contains(Source.of(SourceKind.ETHTOOL_STATS, "ens1f0np0"));
        assertThat(SourceKind.recognise("mlxlink_-d_0000_3b_00.0_-m_-e_-c", true, SourceKind.Origin.COMMAND))
                .contains(Source.of(SourceKind.MLXLINK, "0000:3b:00.0"));
        assertThat(SourceKind.recognise("/sys/class/net/ens1f0np0/ecn/roce_np/enable/3", false, SourceKind.Origin.FILE))
                .contains(Source.of(SourceKind.ECN_NOTIFICATION_POINT, "ens1f0np0", "3"));
        assertThat(SourceKind.ETHTOOL_FLOW_HASH.parameters()).containsExactly("if", "proto");
        assertThat(SourceKind.ETHTOOL_FLOW_HASH.render(List.of("eth2", "udp4")))
                .isEqualTo("ethtool -n eth2 rx-flow-hash udp4");
    }

    @Test
    void switchKindsMatchCommandsFilesAndMangledNames() {
        assertThat(SwitchSourceKind.recognise("show pfc counters", false, SourceKind.Origin.COMMAND))
                .contains(SwitchSource.of(SwitchSourceKind.SONIC_PFC_COUNTERS));
        assertThat(SwitchSourceKind.recognise(
                        "show_priority-group_watermark_headroom", true, SourceKind.Origin.COMMAND))
                .contains(SwitchSource.of(SwitchSourceKind.SONIC_PG_WATERMARK_HEADROOM));
        assertThat(SwitchSourceKind.recognise("/etc/sonic/config_db.json", false, SourceKind.Origin.FILE))
                .contains(SwitchSource.of(SwitchSourceKind.SONIC_CONFIG_DB));
        assertThat(SwitchSourceKind.recognise("nv_show_interface_swp16_qos_pfc", true, SourceKind.Origin.COMMAND))
                .contains(SwitchSource.of(SwitchSourceKind.NVUE_INTERFACE_PFC, "swp16"));
        assertThat(SwitchSourceKind.recognise(
                        "nv_show_interface_swp16_qos_pfc-watchdog", true, SourceKind.Origin.COMMAND))
                .contains(SwitchSource.of(SwitchSourceKind.NVUE_INTERFACE_PFC_WATCHDOG, "swp16"));
        assertThat(SwitchSourceKind.recognise(
                        "nv_show_interface_swp1s2_counters_qos_port-stats", true, SourceKind.Origin.COMMAND))
                .contains(SwitchSource.of(SwitchSourceKind.NVUE_INTERFACE_COUNTERS_QOS_PORT_STATS, "swp1s2"));
        assertThat(SwitchSourceKind.recognise(
                        "nv show interface swp3 qos roce counters", false, SourceKind.Origin.COMMAND))
                .contains(SwitchSource.of(SwitchSourceKind.NVUE_INTERFACE_ROCE_COUNTERS, "swp3"));
        assertThat(SwitchSourceKind.recognise("nv_show_interface_swp8_link", true, SourceKind.Origin.COMMAND))
                .contains(SwitchSource.of(SwitchSourceKind.NVUE_INTERFACE_LINK, "swp8"));
        assertThat(SwitchSourceKind.recognise("nv_show_qos_roce_pool", true, SourceKind.Origin.COMMAND))
                .contains(SwitchSource.of(SwitchSourceKind.NVUE_ROCE_POOL));
        assertThat(SwitchSourceKind.recognise("nv_show_qos_roce", true, SourceKind.Origin.COMMAND))
                .contains(SwitchSource.of(SwitchSourceKind.NVUE_ROCE));
        assertThat(SwitchSourceKind.recognise("nv_show_system_forwarding", true, SourceKind.Origin.COMMAND))
                .contains(SwitchSource.of(SwitchSourceKind.NVUE_SYSTEM_FORWARDING));
        // Only the whole view holds both hashes; the ecmp-hash sub-view is not read.
        assertThat(SwitchSourceKind.recognise("nv show system forwarding ecmp-hash", false, SourceKind.Origin.COMMAND))
                .isEmpty();
        assertThat(SwitchSourceKind.recognise("show interfaces status", false, SourceKind.Origin.COMMAND))
                .isEmpty();
        assertThat(SwitchSourceKind.NVUE_INTERFACE_MAPPING.render(List.of("swp7")))
                .isEqualTo("nv show interface swp7 qos mapping");
        assertThat(SwitchSourceKind.SONIC_PFC_COUNTERS.counter()).isTrue();
        assertThat(SwitchSourceKind.SONIC_PFCWD_CONFIG.counter()).isFalse();
        assertThat(SwitchSourceKind.NVUE_ROCE.platform()).isEqualTo(SwitchPlatform.CUMULUS_NVUE);
    }
}
