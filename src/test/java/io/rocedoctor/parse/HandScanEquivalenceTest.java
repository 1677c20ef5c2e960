package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The hand scans that replaced regular expressions on the parsers' hot paths answer exactly as
 * the expressions did, on text made of the characters that matter to them.
 */
class HandScanEquivalenceTest {

    @Property
    void linesSplitAsTheRegexDid(@ForAll("text") String text) {
        List<String> expected = new ArrayList<>();
        if (!text.isEmpty()) {
            for (String raw : text.split("\r?\n|\r", -1)) {
                expected.add(raw.stripTrailing());
            }
            if (expected.get(expected.size() - 1).isEmpty()) {
                expected.remove(expected.size() - 1);
            }
        }
        assertThat(TextLines.of(text).all()).isEqualTo(expected);
    }

    @Property
    void wordsOfATrimmedLineAreTheRegexSplit(@ForAll("text") String text) {
        String trimmed = text.trim();
        List<String> expected = trimmed.isEmpty() ? List.of() : List.of(trimmed.split("\\s+"));
        assertThat(TextLines.words(trimmed)).isEqualTo(expected);
    }

    @Property
    void abbreviationReplacesControlCharactersAsTheRegexDid(@ForAll("text") String text) {
        String clean = text.replaceAll("\\p{Cntrl}", "?");
        String expected = clean.length() <= 60 ? clean : clean.substring(0, 57) + "...";
        assertThat(TextLines.abbreviate(text)).isEqualTo(expected);
    }

    @Property
    void triggerTypesAreRecognisedAsTheRegexDid(@ForAll("token") String token) {
        boolean expected = Pattern.compile("(?i)(?:.*-)?(?:edge|level|fasteoi)")
                .matcher(token)
                .matches();
        assertThat(ProcInterruptsParser.isTrigger(token)).isEqualTo(expected);
    }

    @Property
    void ringCountersAreRenamedAsTheRegexDid(@ForAll("ringName") String name) {
        Matcher ring = Pattern.compile("\\[(\\d+)]:\\s*(\\S+)").matcher(name);
        String expected = ring.matches() ? ring.group(2) + "[" + ring.group(1) + "]" : name;
        assertThat(EthtoolStatsParser.ringCounterName(name)).isEqualTo(expected);
    }

    @Provide
    Arbitrary<String> text() {
        return Arbitraries.strings()
                .withChars(" \t\n\r\u000B\f\u0085\u2028\u00a0\u007f\u0000a:-")
                .ofMaxLength(80);
    }

    @Provide
    Arbitrary<String> token() {
        Arbitrary<String> noise = Arbitraries.strings()
                .withChars("-aeEdgGlLvVfFsStToOiI\u0131\u017f\u0085\u2028 ")
                .ofMaxLength(6);
        Arbitrary<String> trigger = Arbitraries.of("edge", "EDGE", "Level", "fasteoi", "FastEOI", "edg", "lEvel");
        return net.jqwik.api.Combinators.combine(noise, trigger, noise)
                .as((a, t, b) -> a + t + b)
                .injectDuplicates(0.1)
                .edgeCases(e -> e.add("IR-PCI-MSI-fasteoi"));
    }

    @Provide
    Arbitrary<String> ringName() {
        return Arbitraries.strings()
                .withChars("[]:0123\u0663 \t\u000Bxr_\u00a0")
                .ofMaxLength(14)
                .edgeCases(e -> e.add("[0]: rx_packets"));
    }
}
