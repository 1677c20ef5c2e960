package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ShowIrqAffinityParserTest {
    private final ShowIrqAffinityParser parser = new ShowIrqAffinityParser();

    @Test
    void javadocExampleGivesEachIrqTheCpusOfItsMask() throws ParseException {
        IrqAffinities a = parser.parse(SampleText.javadocExample(ShowIrqAffinityParser.class));
        assertThat(a.byIrq()).containsOnlyKeys(136, 137);
        assertThat(a.byIrq().get(136)).isEqualTo(CpuSet.of(0));
        assertThat(a.byIrq().get(137)).isEqualTo(CpuSet.of(16));
    }

    @Test
    void theLastGroupOfTheMaskIsCpusZeroToThirtyOne() throws ParseException {
        // 00000001,00000000: CPU 32, not CPU 0 (the near miss of reading the groups the wrong way round).
        IrqAffinities a = parser.parse("90: 00000001,00000000\n91: ff\n");
        assertThat(a.byIrq().get(90)).isEqualTo(CpuSet.of(32));
        assertThat(a.byIrq().get(91)).isEqualTo(CpuSet.of(0, 1, 2, 3, 4, 5, 6, 7));
    }

    @Test
    void aValueWithADashIsTheOldVariantsCpuList() throws ParseException {
        assertThat(parser.parse("77: 0-3\n").byIrq().get(77)).isEqualTo(CpuSet.of(0, 1, 2, 3));
    }

    @Test
    void aLineOfAnotherShapeIsANoteAndTheOthersStand() throws ParseException {
        Parsed<IrqAffinities> read = parser.read("Interface mlx5 does not exist\n136: 00000004\n");
        assertThat(read.value().byIrq()).containsEntry(136, CpuSet.of(2));
        assertThat(read.notes()).extracting(LineNote::line).containsExactly(1);
    }

    @Test
    void aTextOfNoIrqLineFailsAtItsFirstLine() {
        assertThatThrownBy(() -> parser.parse("Interface ib0 does not exist\n"))
                .isInstanceOf(ParseException.class)
                .extracting(e -> ((ParseException) e).line())
                .isEqualTo(1);
    }
}
