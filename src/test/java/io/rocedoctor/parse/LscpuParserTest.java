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

class LscpuParserTest {
    private final LscpuParser parser = new LscpuParser();

    @Test
    void javadocExample() throws ParseException {
        NumaTopology t = parser.parse(SampleText.javadocExample(LscpuParser.class));
        assertThat(t.cpuCount()).isEqualTo(64);
        assertThat(t.modelName()).isEqualTo("Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz");
        assertThat(t.nodes()).containsOnlyKeys(0, 1);
        assertThat(t.nodes().get(1)).hasToString("32-63");
        assertThat(t.threadsPerCore()).isEqualTo(2);
        assertThat(t.cores(32)).isEqualTo(16);
    }

    @Test
    void classicLayoutFourNodes() throws ParseException {
        NumaTopology t = parser.parse(fixture("lscpu", "lscpu-classic-2socket-epyc.txt"));
        assertThat(t.cpuCount()).isEqualTo(128);
        assertThat(t.modelName()).isEqualTo("AMD EPYC 7452 32-Core Processor");
        assertThat(t.nodes()).hasSize(4);
        assertThat(t.nodes().get(2)).hasToString("32-47,96-111");
        assertThat(t.nodeOf(100)).isEqualTo(2);
        assertThat(t.nodeOf(127)).isEqualTo(3);
        assertThat(t.nodeOf(128)).isEqualTo(-1);
    }

    @Test
    void sectionedLayoutWithNumaSection() throws ParseException {
        NumaTopology t = parser.parse(fixture("lscpu", "lscpu-new-format-2node-xeon.txt"));
        assertThat(t.cpuCount()).isEqualTo(96);
        assertThat(t.modelName()).isEqualTo("Intel(R) Xeon(R) Gold 6342 CPU @ 2.80GHz");
        assertThat(t.nodes().get(0)).hasToString("0-23,48-71");
        assertThat(t.nodes().get(1)).hasToString("24-47,72-95");
        assertThat(t.nodeOf(50)).isZero();
    }

    /**
     * lscpu translates its keys: a German capture (a real one: "Thread(s) pro Kern:", "NUMA-Knoten0
     * CPU(s):") would read as one thread per core and no node; those lines are notes instead.
     */
    @Test
    void translatedThreadsAndNodeLinesAreNotesNotAbsentValues() throws ParseException {
        Parsed<NumaTopology> read = parser.read("Architektur:             x86_64\nCPU(s):                  8\n"
                + "Thread(s) pro Kern:      2\nKern(e) pro Socket:      4\nNUMA-Knoten:             1\n"
                + "Modellname:              Intel(R) Core(TM) i7-6770HQ CPU @ 2.60GHz\n"
                + "Maximale Taktfrequenz der CPU: 3500,0000\nNUMA-Knoten0 CPU(s):     0-7\n");
        assertThat(read.value().cpuCount()).isEqualTo(8);
        assertThat(read.value().threadsPerCore()).isNull();
        assertThat(read.notes()).extracting(LineNote::line).containsExactly(3, 8);
        assertThat(read.notes().get(0).reason()).contains("another language");
        // the English keys read as before, with no note for lines of other keys
        Parsed<NumaTopology> english = parser.read("CPU(s): 8\nThread(s) per core: 2\nNUMA node(s): 1\n"
                + "NUMA node0 CPU(s): 0-7\nCPU max MHz: 3300,0000\n");
        assertThat(english.value().threadsPerCore()).isEqualTo(2);
        assertThat(english.notes()).isEmpty();
    }

    @Test
    void memoryOnlyNodeHasNoCpus() throws ParseException {
        NumaTopology t = parser.parse(fixture("lscpu", "lscpu-new-format-memory-only-node.txt"));
        assertThat(t.cpuCount()).isEqualTo(8);
        assertThat(t.nodes()).containsOnlyKeys(0, 1);
        assertThat(t.nodes().get(1).empty()).isTrue();
    }

    @Test
    void headExcerptWithoutNumaLines() throws ParseException {
        NumaTopology t = parser.parse("Architecture:        x86_64\nCPU(s):              16\n");
        assertThat(t.cpuCount()).isEqualTo(16);
        assertThat(t.nodes()).isEmpty();
        assertThat(t.modelName()).isNull();
    }

    @Test
    void anUnreadableValueIsANoteAndTheOtherValuesStand() {
        String text = "CPU(s):              8\nThread(s) per core:  two\nNUMA node(s):        2\n"
                + "NUMA node0 CPU(s):   0-3,x\nNUMA node1 CPU(s):   4-7\n";
        NumaTopology t = ParseFailures.assertNotesAt(
                parser, text, Map.of(4, "not a CPU list", 2, "lscpu: Thread(s) per core is not a whole number"));
        assertThat(t.cpuCount()).isEqualTo(8);
        assertThat(t.threadsPerCore()).isNull();
        assertThat(t.nodes()).containsOnlyKeys(1);
    }

    @Test
    void hexMasksOfLscpuHexAreNotesNotLists() {
        NumaTopology t = ParseFailures.assertNotedAt(
                parser,
                "CPU(s): 16\nOn-line CPU(s) mask: 0xffff\n" + "NUMA node0 CPU(s): 0x00ff\nNUMA node1 CPU(s): 0xff00\n",
                3,
                "not a CPU list");
        assertThat(t.cpuCount()).isEqualTo(16);
        assertThat(t.nodes()).isEmpty();
    }

    @Test
    void malformedInput() {
        assertThat(failureLine(() -> parser.parse(""))).isEqualTo(0);
        // the shell's refusal, named at its line
        assertThat(failureLine(() -> parser.parse("bash: lscpu: command not found\n")))
                .isEqualTo(1);
        assertThat(failureLine(() -> parser.parse("Architecture: x86_64\nCPU(s): many\n")))
                .isEqualTo(2);
        assertThat(failureLine(() -> parser.parse("Architecture: x86_64\nNUMA node0 CPU(s): 0-3,x\n")))
                .isEqualTo(2);
        assertThat(failureLine(() -> parser.parse("Model name: x\nNUMA node99999999999 CPU(s): 0-3\n")))
                .isEqualTo(2);
        // cut right after the key
        assertThat(failureLine(() -> parser.parse("Architecture: x86_64\nCPU(s):")))
                .isEqualTo(2);
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(fixture("lscpu", "lscpu-new-format-2node-xeon.txt"));
    }
}
