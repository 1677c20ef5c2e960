package io.rocedoctor.parse;

import static io.rocedoctor.parse.SampleText.failureLine;
import static io.rocedoctor.parse.SampleText.fixture;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class NumactlParserTest {
    private final NumactlParser parser = new NumactlParser();

    @Test
    void javadocExample() throws ParseException {
        NumaTopology t = parser.parse(SampleText.javadocExample(NumactlParser.class));
        assertThat(t.nodes()).containsOnlyKeys(0, 1);
        assertThat(t.nodes().get(0)).isEqualTo(CpuSet.of(0, 1, 2, 3));
        assertThat(t.nodes().get(1)).isEqualTo(CpuSet.of(4, 5, 6, 7));
        assertThat(t.cpuCount()).isNull();
    }

    @Test
    void fourNodes() throws ParseException {
        NumaTopology t = parser.parse(fixture("numactl", "numactl-H-4node.txt"));
        assertThat(t.nodes()).hasSize(4);
        assertThat(t.nodes().get(2)).hasToString("16-23,48-55");
        assertThat(t.nodes().get(3)).hasToString("24-31,56-63");
        assertThat(t.nodeOf(40)).isEqualTo(1);
    }

    @Test
    void mailWrappedCpuLinesAreJoined() throws ParseException {
        NumaTopology t = parser.parse(fixture("numactl", "numactl-H-2node-mailwrapped.txt"));
        assertThat(t.nodes().get(0)).hasToString("0-23,48-71");
        assertThat(t.nodes().get(1)).hasToString("24-47,72-95");
    }

    @Test
    void memoryOnlyNode() throws ParseException {
        NumaTopology t = parser.parse(fixture("numactl", "numactl-H-memory-only-node.txt"));
        assertThat(t.nodes().get(0)).hasToString("0-3");
        assertThat(t.nodes().get(1).empty()).isTrue();
    }

    @Test
    void cpuCompressRangesWithTheirCountAndASparseMemoryOnlyNode() throws ParseException {
        NumaTopology t =
                ParseFailures.assertReadWhole(parser, fixture("numactl", "numactl-2.0.18-H-cpu-compress-sparse.txt"));
        assertThat(t.nodes()).containsOnlyKeys(0, 1, 3);
        assertThat(t.nodes().get(0).size()).isEqualTo(32);
        assertThat(t.nodeOf(70)).isZero();
        assertThat(t.nodeOf(85)).isEqualTo(1);
        assertThat(t.nodes().get(3).size()).isZero();
    }

    @Test
    void aWrappedCompressedLineIsJoinedWithoutItsCount() throws ParseException {
        NumaTopology t =
                parser.parse("available: 1 nodes (0)\nnode 0 cpus: 0-15, 32-47,\n 64-79 (48)\nnode 0 size: 1000 MB\n");
        assertThat(t.nodes().get(0).size()).isEqualTo(48);
        assertThat(t.nodeOf(79)).isZero();
    }

    @Test
    void anUnreadableLineIsANoteAndTheOtherNodesStand() {
        String text = "available: 2 nodes (0-1)\nnode 0 cpus: 0 1 x\nnode 0 size: 100 MB\nnode 1 cpus: 2 3\n"
                + "some pasted remark\nnode distances:\n";
        NumaTopology t =
                ParseFailures.assertNotesAt(parser, text, Map.of(2, "not a CPU list", 5, "not a line of numactl -H"));
        assertThat(t.nodes()).containsOnlyKeys(1);
        assertThat(t.nodeOf(3)).isEqualTo(1);
    }

    @Test
    void malformedInput() {
        assertThat(failureLine(() -> parser.parse(""))).isEqualTo(0);
        assertThat(failureLine(() -> parser.parse("No NUMA available on this system\n")))
                .isEqualTo(1);
        assertThat(failureLine(() -> parser.parse("numactl: command not found\nnode zero cpus: 1\n")))
                .isEqualTo(2);
        assertThat(failureLine(() -> parser.parse("available: 2 nodes (0-1)\nnode 0 size: 100 MB\n")))
                .isEqualTo(0);
        assertThat(failureLine(() -> parser.parse("available: 1 nodes (0)\nnode 0 cpus: 0 1 x\n")))
                .isEqualTo(2);
        assertThat(failureLine(() -> parser.parse("available: 1 nodes (0)\nnode 99999999999 cpus: 0\n")))
                .isEqualTo(2);
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(fixture("numactl", "numactl-H-4node.txt"));
    }
}
