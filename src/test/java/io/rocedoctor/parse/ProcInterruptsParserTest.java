package io.rocedoctor.parse;

import static io.rocedoctor.parse.ParseFailures.assertNotedAt;
import static io.rocedoctor.parse.SampleText.failureLine;
import static io.rocedoctor.parse.SampleText.fixture;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class ProcInterruptsParserTest {
    private final ProcInterruptsParser parser = new ProcInterruptsParser();

    private static InterruptCounts.Row row(InterruptCounts counts, String label) {
        return counts.rows().stream()
                .filter(r -> r.label().equals(label))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void javadocExample() throws ParseException {
        InterruptCounts c = parser.parse(SampleText.javadocExample(ProcInterruptsParser.class));
        assertThat(c.cpus()).containsExactly(0, 1, 2, 3);
        InterruptCounts.Row r = row(c, "142");
        assertThat(r.irq()).isEqualTo(142);
        assertThat(r.perCpu()).containsExactly(1200000, 0, 0, 0);
        assertThat(r.name()).isEqualTo("mlx5_comp0@pci:0000:3b:00.0");
        assertThat(row(c, "NMI").irq()).isNull();
        assertThat(row(c, "NMI").name()).isEqualTo("Non-maskable interrupts");
        assertThat(row(c, "ERR").perCpu()).containsExactly(0, 0, 0, 0);
    }

    @Test
    void wideHostWithMlx5CompletionVectors() throws ParseException {
        InterruptCounts c = parser.parse(fixture("proc_interrupts", "proc-interrupts-256cpu-mlx5-excerpt.txt"));
        assertThat(c.cpus())
                .hasSize(256)
                .containsExactlyElementsOf(IntStream.range(0, 256).boxed().toList());
        assertThat(c.rows()).hasSize(13);
        InterruptCounts.Row async = row(c, "180");
        assertThat(async.name()).isEqualTo("mlx5_async0@pci:0000:b1:00.0");
        assertThat(async.perCpu()[64]).isEqualTo(5123);
        InterruptCounts.Row comp3 = row(c, "184");
        assertThat(comp3.name()).isEqualTo("mlx5_comp3@pci:0000:b1:00.0");
        assertThat(comp3.perCpu()).hasSize(256);
        assertThat(comp3.perCpu()[2]).isEqualTo(7_003_333);
        assertThat(comp3.total()).isEqualTo(7_003_333);
        assertThat(row(c, "186").perCpu()[69]).isEqualTo(7_005_555);
        assertThat(row(c, "0").name()).isEqualTo("timer");
        assertThat(row(c, "LOC").perCpu()[255]).isPositive();
        assertThat(row(c, "MIS").perCpu()).hasSize(256);
        assertThat(row(c, "MIS").name()).isEmpty();
    }

    @Test
    void offlineCpusLeaveGapsInTheHeader() throws ParseException {
        InterruptCounts c = parser.parse(fixture("proc_interrupts", "proc-interrupts-offline-cpu3-cpu5.txt"));
        assertThat(c.cpus()).containsExactly(0, 1, 2, 4, 6, 7);
        InterruptCounts.Row q1 = row(c, "46");
        assertThat(q1.name()).isEqualTo("eth4-TxRx-1");
        // the fifth column is CPU6, not CPU4
        assertThat(q1.perCpu()[c.cpus().indexOf(6)]).isEqualTo(771002);
        assertThat(row(c, "45").total()).isEqualTo(918285);
        // an IRQ without an action ends with its trigger type: no name
        assertThat(row(c, "24").name()).isEmpty();
        assertThat(row(c, "24").description()).isEqualTo("PCI-MSI 65536-edge");
    }

    @Test
    void truncatedRowIsANote() {
        assertNotedAt(parser, fixture("proc_interrupts", "proc-interrupts-truncated-row.txt"), 3, "truncated row");
    }

    @Test
    void grepExcerptWithoutHeaderCountsItsCpuColumns() throws ParseException {
        Parsed<InterruptCounts> read = parser.read(fixture("proc_interrupts", "grep-mlx5-noheader.txt"));
        assertThat(read.value().cpus()).containsExactly(0, 1, 2, 3);
        assertThat(read.value().rows()).hasSize(4);
        InterruptCounts.Row comp1 = read.value().rows().get(2);
        assertThat(comp1.irq()).isEqualTo(120);
        assertThat(comp1.perCpu()).containsExactly(0, 880021, 0, 0);
        assertThat(comp1.name()).isEqualTo("mlx5_comp1@pci:0000:18:00.0");
        assertThat(read.notes()).singleElement().satisfies(n -> {
            assertThat(n.line()).isZero();
            assertThat(n.reason()).contains("no CPU0 CPU1 ... header").contains("4 CPU columns");
        });
    }

    @Test
    void withItsHeaderNoNoteIsMade() throws ParseException {
        // near miss: the same rows under their header are read without a remark
        String text = "            CPU0       CPU1       CPU2       CPU3\n"
                + fixture("proc_interrupts", "grep-mlx5-noheader.txt");
        assertThat(parser.read(text).notes()).isEmpty();
        assertThat(failureLine(() -> parser.parse("mlx5 is not here\n"))).isEqualTo(1);
    }

    @Test
    void olderKernelTriggerInChipName() throws ParseException {
        InterruptCounts c = parser.parse("           CPU0       CPU1\n"
                + "  58:    1203331          0   PCI-MSI-edge      mlx4-comp-0@pci:0000:04:00.0\n"
                + "  59:          0          0   PCI-MSI-edge\n");
        assertThat(c.rows()).extracting(InterruptCounts.Row::name).containsExactly("mlx4-comp-0@pci:0000:04:00.0", "");
    }

    @Test
    void malformedInput() {
        assertThat(failureLine(() -> parser.parse(""))).isEqualTo(0);
        assertThat(failureLine(() -> parser.parse("\n\n"))).isEqualTo(0);
        assertThat(failureLine(() -> parser.parse("cat: /proc/interrupts: No such file or directory\n")))
                .isEqualTo(1);
        assertNotedAt(parser, "  CPU0 CPU1\n 1: 1 2 x\n 2 3 4\n", 3, "expected 'IRQ: counts...'");
        assertNotedAt(parser, "  CPU0 CPU1\n 99999999999: 1 2 timer\n", 2, "IRQ number");
        assertNotedAt(parser, "  CPU0 CPU1\n 7: 1 99999999999999999999 timer\n", 2, "too large");
        assertThat(failureLine(() -> parser.parse("  CPU0 CPU2 CPU1\n 7: 1 2 3 timer\n")))
                .isEqualTo(1);
        assertThat(failureLine(() -> parser.parse("  CPU0 CPUx\n"))).isEqualTo(1);
    }

    @Test
    void headerOnlyIsAnEmptyTable() throws ParseException {
        assertThat(parser.parse("           CPU0       CPU1\n"))
                .isEqualTo(new InterruptCounts(List.of(0, 1), List.of()));
    }

    /** A row, whatever the rows before it (longer, shorter, cut), reads as it does alone. */
    @Property(tries = 300)
    void eachRowReadsAmongOthersAsItDoesAlone(@ForAll("rows") List<String> rows) throws ParseException {
        String header = "           CPU0       CPU1       CPU2\n";
        List<String> together = parser.read(header + String.join("\n", rows)).value().rows().stream()
                .map(ProcInterruptsParserTest::shown)
                .toList();
        List<String> alone = rows.stream()
                .flatMap(r -> {
                    try {
                        return parser.read(header + r).value().rows().stream();
                    } catch (ParseException e) {
                        return java.util.stream.Stream.empty();
                    }
                })
                .map(ProcInterruptsParserTest::shown)
                .toList();
        assertThat(together).isEqualTo(alone);
    }

    private static String shown(InterruptCounts.Row r) {
        return r.label() + "|" + r.irq() + "|" + java.util.Arrays.toString(r.perCpu()) + "|" + r.description() + "|"
                + r.name();
    }

    @Provide
    Arbitrary<List<String>> rows() {
        Arbitrary<String> label = Arbitraries.of("8", "142", "NMI", "ERR", "1x", " 77");
        Arbitrary<String> counts =
                Arbitraries.strings().withChars("0123456789 \t\u0663\u2003x").ofMaxLength(60);
        Arbitrary<String> description = Arbitraries.of(
                "",
                "  IR-PCI-MSI 31457280-edge      mlx5_comp0@pci:0000:3b:00.0",
                " 2-edge",
                " Non-maskable interrupts");
        return Combinators.combine(label, counts, description)
                .as((l, c, d) -> l + ":" + c + d)
                .list()
                .ofMinSize(1)
                .ofMaxSize(6);
    }

    /**
     * Rows are scanned as their Latin-1 bytes, each character above U+00FF a '?': a row holding a
     * '?', another script's digit or space, or a surrogate pair (one '?' to the encoder) reads as
     * its characters do, through {@code Character.isDigit}, {@code Character.isWhitespace} and
     * {@code Long.parseLong}.
     */
    @Property(tries = 500)
    void aRowOutsideLatin1ReadsAsItsCharacters(@ForAll("wideCounts") String counts) throws ParseException {
        String line = "NMI:" + counts;
        List<InterruptCounts.Row> rows = parser.read("           CPU0       CPU1       CPU2\n" + line)
                .value()
                .rows();
        assertThat(rows).singleElement().satisfies(r -> assertThat(r.perCpu()).isEqualTo(byCharacters(line, 3)));
    }

    /** The counts as a reading character by character gives them, padded with zeros. */
    private static long[] byCharacters(String line, int columns) {
        long[] counts = new long[columns];
        int pos = line.indexOf(':') + 1;
        for (int column = 0; column < columns; column++) {
            while (pos < line.length() && (line.charAt(pos) == ' ' || line.charAt(pos) == '\t')) {
                pos++;
            }
            int start = pos;
            while (pos < line.length() && Character.isDigit(line.charAt(pos))) {
                pos++;
            }
            if (start == pos || pos < line.length() && !Character.isWhitespace(line.charAt(pos))) {
                break;
            }
            counts[column] = Long.parseLong(line, start, pos, 10);
        }
        return counts;
    }

    @Provide
    Arbitrary<String> wideCounts() {
        // three parts of up to 12 characters, spaced: no run of digits reaches the 19 refused as too large
        Arbitrary<String> part = Arbitraries.strings()
                .withChars("0123456789 \t?\u0663\u2003\u00b2\u00a0x")
                .withChars('\uD83D', '\uDE00')
                .ofMaxLength(12)
                .map(c -> c.replace("\uD83D\uDE00", "").replace("\uDE00", "\uD83D\uDE00"));
        return part.list().ofSize(3).map(parts -> " " + String.join(" ", parts));
    }

    /** Read by its bounds in the text's bytes, every text reads as it did a line String at a time. */
    @Property(tries = 400)
    void readsAsTheLineStringsDid(@ForAll("acrossScripts") String text) {
        assertThat(ByLineStrings.reading(parser, text, ProcInterruptsParserTest::shown))
                .isEqualTo(ByLineStrings.reading(
                        new ByLineStrings.ProcInterruptsReading(), text, ProcInterruptsParserTest::shown));
    }

    private static String shown(InterruptCounts table) {
        return table.cpus() + " "
                + table.rows().stream().map(ProcInterruptsParserTest::shown).toList();
    }

    @Provide
    Arbitrary<String> acrossScripts() {
        return Arbitraries.oneOf(
                ParserFuzz.mutatedAcrossScripts(fixture("proc_interrupts", "proc-interrupts-offline-cpu3-cpu5.txt")),
                ParserFuzz.mutatedAcrossScripts(fixture("proc_interrupts", "grep-mlx5-noheader.txt")),
                ParserFuzz.mutatedAcrossScripts(fixture("proc_interrupts", "proc-interrupts-truncated-row.txt")),
                ParserFuzz.randomText());
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(fixture("proc_interrupts", "proc-interrupts-offline-cpu3-cpu5.txt"));
    }
}
