package io.rocedoctor.parse;

import static io.rocedoctor.parse.ParseFailures.assertFailsAt;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** iproute2's {@code dcb pfc|app|buffer show dev IF}, as its text form prints them. */
class DcbParsersTest {
    private static final String PFC_ON_3_4 = """
            pfc-cap 8 macsec-bypass off delay 0\s
            prio-pfc 0:off 1:off 2:off 3:on 4:on 5:off 6:off 7:off\s
            """;

    @Test
    void pfcJavadocExample() throws Exception {
        DcbPfc pfc = new DcbPfcParser().parse(JavadocExample.of(DcbPfcParser.class));
        assertThat(pfc.pfcPriorities()).containsExactly(3);
        assertThat(pfc.pfcCap()).isEqualTo(8);
        assertThat(pfc.macsecBypass()).isFalse();
        assertThat(pfc.delay()).isZero();
    }

    @Test
    void pfcWithTrailingSpacesAndCountersAsDcbSPrintsThem() throws Exception {
        DcbPfc pfc = new DcbPfcParser()
                .parse(
                        PFC_ON_3_4
                                + "requests 0:0 1:0 2:0 3:217 4:0 5:0 6:0 7:0 \nindications 0:0 1:0 2:0 3:179 4:0 5:0 6:0 7:0 \n");
        assertThat(pfc.pfcPriorities()).containsExactly(3, 4);
    }

    @Test
    void pfcOffEverywhereIsAnEmptyVector() throws Exception {
        DcbPfc pfc = new DcbPfcParser().parse("prio-pfc 0:off 1:off 2:off 3:off 4:off 5:off 6:off 7:off\n");
        assertThat(pfc.pfcPriorities()).isEmpty();
        assertThat(pfc.pfcCap()).isNull();
    }

    @Test
    void pfcNearMisses() {
        DcbPfcParser parser = new DcbPfcParser();
        assertFailsAt(parser, "", 0);
        assertFailsAt(parser, "Attribute read: Operation not supported\n", 1);
        assertFailsAt(parser, "pfc-cap 8 macsec-bypass off delay 0\n", 1);
        // A priority missing, a value that is neither on nor off, a ninth priority, no colon.
        assertFailsAt(parser, "pfc-cap 8\nprio-pfc 0:off 1:off 2:off 3:on 4:off 5:off 6:off\n", 2);
        assertFailsAt(parser, "prio-pfc 0:off 1:off 2:off 3:yes 4:off 5:off 6:off 7:off\n", 1);
        assertFailsAt(parser, "prio-pfc 0:off 1:off 2:off 3:on 4:off 5:off 6:off 7:off 8:on\n", 1);
        assertFailsAt(parser, "prio-pfc 0 off 1 off\n", 1);
        // The JSON form, and mlnx_qos's table, are other formats.
        assertFailsAt(parser, "{\"pfc_cap\":8,\"macsec_bypass\":false,\"delay\":0,\"prio_pfc\":[false]}\n", 1);
        assertFailsAt(parser, "PFC configuration:\n\tpriority    0   1   2   3\n", 1);
    }

    @Test
    void appJavadocExample() throws Exception {
        DcbApp app = new DcbAppParser().parse(JavadocExample.of(DcbAppParser.class));
        assertThat(app.dscpPriority())
                .containsEntry(26, 3)
                .containsEntry(24, 3)
                .containsEntry(46, 5)
                .containsEntry(0, 0)
                .hasSize(10);
        assertThat(app.defaultPriorities()).containsExactly(0);
    }

    @Test
    void appWithNumericKeysOtherSelectorsAndADscpGivenTwoPriorities() throws Exception {
        DcbApp app = new DcbAppParser().parse("""
                ethtype-prio 8906:3\s
                dscp-prio 10:1 26:3 26:4 48:6\s
                stream-port-prio 4791:3\s
                pcp-prio 0nd:0 3de:3\s
                """);
        assertThat(app.dscpPriority()).isEqualTo(Map.of(10, 1, 26, 3, 48, 6));
        assertThat(app.defaultPriorities()).isEmpty();
    }

    @Test
    void anEmptyAppTablePrintsNothing() throws Exception {
        assertThat(new DcbAppParser().parse("").dscpPriority()).isEmpty();
    }

    @Test
    void appNearMisses() {
        DcbAppParser parser = new DcbAppParser();
        assertFailsAt(parser, "Attribute read: Operation not supported\n", 1);
        assertFailsAt(parser, "dscp-prio 64:3\n", 1);
        assertFailsAt(parser, "dscp-prio 26:8\n", 1);
        assertFailsAt(parser, "dscp-prio BULK:1\nRSVD 3\n", 1);
        assertFailsAt(parser, "dscp-prio -1:3\n", 1);
        assertFailsAt(parser, "app dscp 26 prio 3\n", 1);
    }

    @Test
    void bufferJavadocExample() throws Exception {
        DcbBuffer b = new DcbBufferParser().parse(JavadocExample.of(DcbBufferParser.class));
        assertThat(b.priorityBuffer()).containsEntry(3, 1).containsEntry(0, 0).hasSize(8);
        assertThat(b.bufferBytes()).containsExactly(130944L, 261888L, 0L, 0L, 0L, 0L, 0L, 0L);
        assertThat(b.totalBytes()).isEqualTo(1216L * 1024);
    }

    @Test
    void bufferSizesInEveryUnitTcPrints() throws Exception {
        DcbBuffer b = new DcbBufferParser().parse("buffer-size 0:256Kb 1:1Mb 2:100 3:0b\n");
        assertThat(b.bufferBytes()).containsExactly(262144L, 1048576L, 100L, 0L);
        assertThat(b.priorityBuffer()).isEmpty();
        assertThat(b.totalBytes()).isNull();
    }

    @Test
    void bufferNearMisses() {
        DcbBufferParser parser = new DcbBufferParser();
        assertFailsAt(parser, "", 0);
        assertFailsAt(parser, "Attribute not found: No such file or directory\n", 1);
        assertFailsAt(parser, "total-size 1216Kb\n", 1);
        assertFailsAt(parser, "prio-buffer 0:0 1:0 2:0 3:9\n", 1);
        assertFailsAt(parser, "buffer-size 0:1kb 2:0b\nprio-buffer 0:x\n", 1);
        assertFailsAt(parser, "buffer-size 0:12 bytes\n", 1);
        assertFailsAt(parser, "buffer-size 0:999999999999Gb\n", 1);
    }

    @Test
    void anUnreadableDcbLineIsANoteAndTheOtherLinesStand() {
        DcbApp app = ParseFailures.assertNotedAt(
                new DcbAppParser(), "default-prio 0\nunknown-prio 9:9\ndscp-prio BULK:1\n", 2, "expected one of");
        assertThat(app.defaultPriorities()).containsExactly(0);
        assertThat(ParseFailures.assertNotedAt(
                                new DcbAppParser(),
                                "default-prio 0\ndscp-prio BULK:1\n",
                                2,
                                "neither a DSCP nor a known name")
                        .dscpPriority())
                .isEmpty();

        DcbBuffer buffer = ParseFailures.assertNotedAt(
                new DcbBufferParser(),
                "prio-buffer 0:0 1:0 2:0 3:1 4:0 5:0 6:0 7:0\nbuffer-size 0:1kb 2:0b\ntotal-size 1216Kb\n",
                2,
                "in order");
        assertThat(buffer.priorityBuffer()).containsEntry(3, 1);
        assertThat(buffer.bufferBytes()).isEmpty();
        assertThat(buffer.totalBytes()).isEqualTo(1216L * 1024);

        DcbPfc pfc = ParseFailures.assertNotedAt(
                new DcbPfcParser(),
                "pfc-cap eight macsec-bypass off delay 0\nprio-pfc 0:off 1:off 2:off 3:on 4:off 5:off 6:off 7:off\n",
                1,
                "pfc-cap");
        assertThat(pfc.pfcEnabled()).containsExactly(false, false, false, true, false, false, false, false);
    }

    @Property(tries = 200)
    void everyDcbParserSurvivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(new DcbPfcParser(), text);
        ParserFuzz.survives(new DcbAppParser(), text);
        ParserFuzz.survives(new DcbBufferParser(), text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return Arbitraries.oneOf(
                ParserFuzz.randomOrMutated(PFC_ON_3_4),
                ParserFuzz.mutated("default-prio 0 \ndscp-prio 0:0 CS3:3 AF31:3 EF:5 \npcp-prio 3de:3 \n"),
                ParserFuzz.mutated(
                        "prio-buffer 0:0 1:0 2:0 3:1 4:0 5:0 6:0 7:0 \nbuffer-size 0:130944b 1:256Kb 2:0b \ntotal-size 1Mb \n"));
    }
}
