package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** lspci -tv as pciutils' ls-tree.c prints it: each function under the bridge whose bus it is on. */
class LspciTreeParserTest {
    private final LspciTreeParser parser = new LspciTreeParser();

    @Test
    void theJavadocSampleGivesEachFunctionItsBridges() throws Exception {
        PciTree tree = parser.parse(JavadocExample.of(LspciTreeParser.class));
        assertThat(tree.ancestors("0000:1a:00.0")).containsExactly("0000:19:00.0", "0000:18:00.0", "0000:17:02.0");
        assertThat(tree.ancestors("1b:00.0")).containsExactly("0000:19:10.0", "0000:18:00.0", "0000:17:02.0");
        assertThat(tree.at("0000:1a:00.0").orElseThrow().name()).isEqualTo("NVIDIA Corporation GA100 [A100 PCIe 40GB]");
        // The second root bus of the host bridge starts again at its own column.
        assertThat(tree.at("0000:00:1c.0").orElseThrow().parent()).isNull();
        assertThat(tree.ancestors("0000:17:00.0")).isEmpty();
    }

    @Test
    void aBridgeWithManyFunctionsOnItsBusAndNoNamesWithoutV() throws Exception {
        // lspci -t (no -v): no names; a bus of two functions under 02.0.
        String text = """
                -[0000:00]-+-00.0
                           +-02.0-[01]--+-00.0
                           |            \\-00.1
                           \\-1f.0
                """;
        PciTree tree = parser.parse(text);
        assertThat(tree.nodes())
                .extracting(PciTree.Node::address)
                .containsExactly("0000:00:00.0", "0000:00:02.0", "0000:01:00.0", "0000:01:00.1", "0000:00:1f.0");
        assertThat(tree.at("0000:01:00.1").orElseThrow().parent()).isEqualTo("0000:00:02.0");
        assertThat(tree.at("0000:00:1f.0").orElseThrow().parent()).isNull();
        assertThat(tree.at("0000:01:00.0").orElseThrow().name()).isNull();
    }

    @Test
    void nearMissALineAtAColumnNoBusGoesOnIsANoteAndTheRestStands() throws Exception {
        String text = """
                -[0000:00]-+-00.0  Intel Corporation Host bridge
                     \\-03.0  not under any bus
                           \\-1f.0  Intel Corporation LPC
                """;
        Parsed<PciTree> read = parser.read(text);
        assertThat(read.value().nodes())
                .extracting(PciTree.Node::address)
                .containsExactly("0000:00:00.0", "0000:00:1f.0");
        assertThat(read.notes()).extracting(LineNote::line).containsExactly(2);
    }

    @Test
    void textWithoutAnyFunctionIsUnreadable() {
        assertThatThrownBy(() -> parser.parse("lspci: Cannot open /sys/bus/pci/devices\n"))
                .isInstanceOf(ParseException.class);
    }

    @Property(tries = 200)
    void hostileTextNeverEscapesAsAnythingButAParseException(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() throws java.io.IOException {
        return ParserFuzz.randomOrMutated(JavadocExample.of(LspciTreeParser.class));
    }
}
