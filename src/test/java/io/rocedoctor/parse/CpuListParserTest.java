package io.rocedoctor.parse;

import static io.rocedoctor.parse.SampleText.failureLine;
import static io.rocedoctor.parse.SampleText.fixture;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class CpuListParserTest {
    private final CpuListParser parser = new CpuListParser();

    @Test
    void javadocExample() throws ParseException {
        CpuSet s = parser.parse(SampleText.javadocExample(CpuListParser.class));
        assertThat(s.size()).isEqualTo(16);
        assertThat(s.contains(24)).isTrue();
        assertThat(s.contains(32)).isFalse();
        assertThat(s).hasToString("24-31,88-95");
    }

    @Test
    void singleCpuAffinity() throws ParseException {
        assertThat(parser.parse(fixture("proc_irq", "smp_affinity_list-irq183-one-cpu.txt")))
                .isEqualTo(CpuSet.of(66));
    }

    @Test
    void twoRanges() throws ParseException {
        CpuSet s = parser.parse(fixture("proc_irq", "smp_affinity_list-irq201-two-ranges.txt"));
        assertThat(s.size()).isEqualTo(32);
        assertThat(s.stream().min()).hasValue(0);
        assertThat(s.stream().max()).hasValue(79);
        assertThat(s.contains(16)).isFalse();
    }

    @Test
    void trailingCommaAndLeadingBlankLine() throws ParseException {
        assertThat(parser.parse(fixture("proc_irq", "local_cpulist-trailing-comma.txt")))
                .hasToString("24-35,72-83");
        assertThat(parser.parse("\n3\n")).isEqualTo(CpuSet.of(3));
    }

    @Test
    void setOperations() throws ParseException {
        CpuSet node = CpuSet.parse("0-15,64-79", 1);
        CpuSet irq = CpuSet.parse("14-17", 1);
        assertThat(node.containsAll(irq)).isFalse();
        assertThat(node.intersects(irq)).isTrue();
        assertThat(irq.minus(node)).hasToString("16-17");
        assertThat(irq.union(CpuSet.of(20))).hasToString("14-17,20");
        assertThat(CpuSet.parse("(null)", 1).empty()).isTrue();
        assertThat(CpuSet.of(java.util.List.of(3, 1, 2))).hasToString("1-3");
    }

    @Test
    void malformedInput() {
        assertThat(failureLine(() -> parser.parse(""))).isEqualTo(0);
        assertThat(failureLine(() -> parser.parse("ff,ffffffff\n"))).isEqualTo(1);
        assertThat(failureLine(() -> parser.parse("\n7-3\n"))).isEqualTo(2);
        assertThat(failureLine(() -> parser.parse("0-99999999999\n"))).isEqualTo(1);
        assertThat(failureLine(() -> parser.parse("0-70000\n"))).isEqualTo(1);
        assertThat(failureLine(() -> parser.parse("cat: /proc/irq/999/smp_affinity_list: No such file or directory")))
                .isEqualTo(1);
        // cut in the middle of a range
        assertThat(failureLine(() -> parser.parse("0-15,64-"))).isEqualTo(1);
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    /**
     * The list is cut into parts by hand where it was split by {@code [,\\s]+}: a list reads as the
     * split read it, to the same set or the same refusal.
     */
    @Property(tries = 1000)
    void aListReadsAsTheRegexSplitReadIt(@ForAll("lists") String list) {
        assertThat(outcome(() -> CpuSet.parse(list, 3).toString())).isEqualTo(outcome(() -> bySplit(list)));
    }

    @Test
    void rangesStridesAndSeparatorsOfRealListsAreRead() throws ParseException {
        assertThat(CpuSet.parse(" 0-3:2, 8,\t10-11,", 1)).hasToString("0-3,8,10-11");
        // near miss: a range whose end is before its start
        assertThatThrownBy(() -> CpuSet.parse("5-2", 4))
                .isInstanceOfSatisfying(
                        ParseException.class, e -> assertThat(e.line()).isEqualTo(4))
                .hasMessageContaining("out of bounds: '5-2'");
    }

    private interface Reading {
        String read() throws ParseException;
    }

    private static String outcome(Reading reading) {
        try {
            return reading.read();
        } catch (ParseException e) {
            return "line " + e.line() + ": " + e.getMessage();
        }
    }

    /** The list as {@code String.split("[,\\s]+")} and {@code Integer.parseInt} of each part read it. */
    private static String bySplit(String list) throws ParseException {
        java.util.BitSet b = new java.util.BitSet();
        String s = list.strip();
        if (s.isEmpty() || s.equals("(null)")) {
            return "";
        }
        for (String part : s.split("[,\\s]+")) {
            if (part.isEmpty()) {
                continue;
            }
            int dash = part.indexOf('-');
            int from;
            int to;
            try {
                if (dash < 0) {
                    from = to = Integer.parseInt(part);
                } else {
                    from = Integer.parseInt(part.substring(0, dash));
                    int colon = part.indexOf(':');
                    to = Integer.parseInt(part.substring(dash + 1, colon < 0 ? part.length() : colon));
                }
            } catch (NumberFormatException e) {
                throw new ParseException(3, "not a CPU list: '" + TextLines.abbreviate(list) + "'");
            }
            if (from < 0 || to < from || to >= 1 << 16) {
                throw new ParseException(3, "CPU range out of bounds: '" + TextLines.abbreviate(part) + "'");
            }
            b.set(from, to + 1);
        }
        return CpuSet.of(b.stream().toArray()).toString();
    }

    @Provide
    Arbitrary<String> lists() {
        return Arbitraries.strings().withChars("0123456789-:,+ \t\u000b\u0663").ofMaxLength(16);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(fixture("proc_irq", "smp_affinity_list-irq201-two-ranges.txt"));
    }
}
