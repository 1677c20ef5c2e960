package io.rocedoctor.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Every parameter type refuses every class of hostile value; quoting keeps any value one shell word. */
class ParameterTypeTest {
    /** Hostile values by class: each must fail every type (the empty value is a valid empty priority list). */
    static final Map<String, List<String>> HOSTILE = Map.of(
            "shell metacharacters",
                    List.of(
                            "eth0;reboot",
                            "$(id)",
                            "`id`",
                            "a|b",
                            "a&b",
                            "a>b",
                            "a<b",
                            "a b",
                            "a'b",
                            "a\"b",
                            "a\\b",
                            "*",
                            "~root",
                            "3;reboot",
                            "0-3$(id)"),
            "newlines and controls",
                    List.of(
                            "eth0\nreboot",
                            "3\n",
                            "\r3",
                            "eth0\r\nreboot",
                            "eth0\u0000",
                            "\u0000",
                            "a\tb",
                            "\u001b[31m",
                            "eth0\u0085"),
            "unicode look-alikes",
                    List.of(
                            "\u0435th0",
                            "\uff13",
                            "eth\u00a00",
                            "\u0663",
                            "mlx5\u20130",
                            "3\u200b",
                            "eth0\u202e",
                            "\u202eeth0",
                            "\ufeffeth0",
                            "eth\u200d0",
                            "\u2028"),
            "over-long",
                    List.of(
                            "e".repeat(16) + "x".repeat(300),
                            "1".repeat(100),
                            "0-" + "9".repeat(80),
                            "e".repeat(10_240),
                            "3,".repeat(5_120)),
            "options and parents", List.of("-rf", "--help", "..", "a/../b", "../x"),
            "empty", List.of("", " "));

    @Test
    void everyValidSampleIsValidSoTheFragmentsBelowAreWhatGetsRefused() {
        assertThat(CatalogSamples.VALID.keySet()).containsExactlyInAnyOrder(ParameterType.values());
        CatalogSamples.VALID.forEach(
                (type, v) -> assertThat(type.problem(v)).as(type.label()).isEmpty());
    }

    @Test
    void everyHostileValueIsRefusedByEveryType() {
        for (ParameterType type : ParameterType.values()) {
            HOSTILE.forEach((kind, values) -> {
                for (String v : values) {
                    if (type == ParameterType.PRIORITY_LIST && v.isEmpty()) {
                        continue;
                    }
                    assertThat(type.problem(v))
                            .as(type.label() + " must refuse " + kind + " " + ParameterType.visible(v))
                            .isPresent();
                }
            });
        }
    }

    /**
     * Hostile pieces a crafted bundle could add to an otherwise valid value, by class. Each is
     * refused wherever it sits (start, middle, end) in a valid value of every type: a pattern
     * that matched only part of a value, or a check that looked only at its start, would let it by.
     */
    static final Map<String, List<String>> FRAGMENTS = Map.of(
            "shell metacharacters",
                    List.of(
                            ";reboot", "$(id)", "`id`", "|id", "&", ">x", "<x", " x", "'", "\"", "\\", "*", "$HOME",
                            "(", ")", "{a,b}"),
            "newlines and controls", List.of("\n", "\r\n", "\r", "\u0000", "\t", "\u001b[31m", "\u007f", "\u0085"),
            "unicode look-alikes", List.of("\u0435", "\uff13", "\u00a0", "\u0663", "\u2013", "\u2044"),
            "zero-width and bidi", List.of("\u200b", "\u200d", "\ufeff", "\u202e", "\u2066", "\u2028"),
            "over-long", List.of("0".repeat(10_240)),
            "parents", List.of("../", "/.."));

    @TestFactory
    Stream<DynamicTest> everyHostileFragmentInAValidValueIsRefusedByEveryType() {
        List<DynamicTest> tests = new ArrayList<>();
        for (ParameterType type : ParameterType.values()) {
            String valid = CatalogSamples.VALID.get(type);
            FRAGMENTS.forEach((kind, fragments) ->
                    tests.add(DynamicTest.dynamicTest(type.label() + " x " + kind, () -> {
                        for (String fragment : fragments) {
                            for (String v : List.of(
                                    fragment + valid,
                                    valid.substring(0, valid.length() / 2)
                                            + fragment
                                            + valid.substring(valid.length() / 2),
                                    valid + fragment)) {
                                assertThat(type.problem(v))
                                        .as(type.label() + " must refuse " + ParameterType.visible(v))
                                        .isPresent();
                            }
                        }
                    })));
        }
        return tests.stream();
    }

    @Test
    void aLeadingDashIsRefusedWhereTheCharacterIsOtherwiseAllowed() {
        for (ParameterType type : ParameterType.values()) {
            assertThat(type.problem("-" + CatalogSamples.VALID.get(type)))
                    .as(type.label())
                    .isPresent();
        }
    }

    @Test
    void ordinaryValuesPass() {
        Map<ParameterType, List<String>> valid = Map.ofEntries(
                Map.entry(ParameterType.INTERFACE, List.of("ens1f0np0", "bond0", "eth0.100", "ib0:1", "vlan@x")),
                Map.entry(ParameterType.IBDEV, List.of("mlx5_0", "mlx5_bond_0", "rocep59s0f0")),
                Map.entry(ParameterType.IRQ_LIST, List.of("142", "140,141,155")),
                Map.entry(
                        ParameterType.IRQ_HANDLER,
                        List.of("mlx5_comp3@pci:0000:3b:00.0", "ice-ens1f0-TxRx-0", "bnxt_qplib_nq0")),
                Map.entry(ParameterType.CPU_LIST, List.of("0", "24-31", "0-15,32-47")),
                Map.entry(ParameterType.PRIORITY, List.of("0", "7")),
                Map.entry(ParameterType.PRIORITY_LIST, List.of("", "3", "3,4")),
                Map.entry(ParameterType.DSCP, List.of("0", "26", "63")),
                Map.entry(ParameterType.TOS, List.of("0", "106", "255")),
                Map.entry(ParameterType.INTEGER, List.of("0", "4096", "65536")),
                Map.entry(ParameterType.SYSCTL_KEY, List.of("net.core.busy_poll", "net.ipv4.tcp_ecn")),
                Map.entry(ParameterType.WORD, List.of("layer2+3", "802.3ad", "performance", "active")),
                Map.entry(ParameterType.ROCE_MODE, List.of("RoCE v2", "IB/RoCE v1")),
                Map.entry(ParameterType.SWITCH_NAME, List.of("leaf-1", "spine01.dc")),
                Map.entry(ParameterType.SWITCH_PORT, List.of("Ethernet0", "swp1s0", "Ethernet1/1")),
                Map.entry(ParameterType.PCI_ADDRESS, List.of("0000:3b:00.0")),
                Map.entry(ParameterType.PCI_SLOT, List.of("0000:3b:00")),
                Map.entry(ParameterType.PLATFORM, List.of("sonic", "nvue", "eos")),
                Map.entry(ParameterType.HOST_NAME, List.of("gpu-node-17", "dbx-r2-14.example.com", "host-1")),
                Map.entry(ParameterType.MACHINE_ID, List.of("0123456789abcdef0123456789abcdef")),
                Map.entry(ParameterType.IPV4_ADDRESS, List.of("192.168.10.11", "10.0.0.1", "255.255.255.255")),
                Map.entry(ParameterType.IPV4_PREFIX, List.of("192.168.10.0/24", "0.0.0.0/0", "10.1.2.3/32")));
        assertThat(valid.keySet()).containsExactlyInAnyOrder(ParameterType.values());
        valid.forEach((type, values) -> values.forEach(
                v -> assertThat(type.problem(v)).as(type.label() + " " + v).isEmpty()));
    }

    @Test
    void outOfRangeNumbersAreRefused() {
        assertThat(ParameterType.PRIORITY.problem("8")).isPresent();
        assertThat(ParameterType.DSCP.problem("64")).isPresent();
        assertThat(ParameterType.TOS.problem("256")).isPresent();
        assertThat(ParameterType.INTEGER.problem("007")).isPresent();
        assertThat(ParameterType.CPU_LIST.problem("31-24")).isPresent();
        assertThat(ParameterType.PRIORITY_LIST.problem("3,3")).isPresent();
    }

    @Test
    void listsExpandToTheirMembers() {
        assertThat(ParameterType.CPU_LIST.items("0-2,8")).containsExactly("0", "1", "2", "8");
        assertThat(ParameterType.IRQ_LIST.items("142,150")).containsExactly("142", "150");
        assertThat(ParameterType.PRIORITY_LIST.items("")).isEmpty();
    }

    @Test
    void aQuotedValueIsOneWordThatBashReadsBackUnchanged() throws IOException, InterruptedException {
        List<String> values = new ArrayList<>();
        HOSTILE.values().forEach(values::addAll);
        values.removeIf(v -> v.contains("\u0000"));
        values.addAll(List.of("plain", "RoCE v2", "it's", "'", "''", "$HOME", "!x"));
        StringBuilder script = new StringBuilder();
        for (String v : values) {
            script.append("printf '%s\\0' ").append(Shell.quote(v)).append('\n');
        }
        Process bash = new ProcessBuilder("bash", "-c", script.toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(bash.waitFor()).isZero();
        assertThat(out.split("\u0000", -1)).containsExactlyElementsOf(withEnd(values));
    }

    private static List<String> withEnd(List<String> values) {
        List<String> out = new ArrayList<>(values);
        out.add("");
        return out;
    }
}
