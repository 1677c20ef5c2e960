package io.rocedoctor.parse;

import static io.rocedoctor.parse.SampleText.failureLine;
import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class KeyValueLinesTest {

    @Test
    void continuationLinesJoinTheKeyAbove() {
        KeyValueLines kv = KeyValueLines.parse(
                TextLines.of(
                        "Settings for eth0:\n\tSupported link modes:   10baseT/Half\n\t                        100baseT/Full\n"
                                + "\tSpeed: 100Mb/s\r\n\n  Speed: 10Mb/s\n"),
                ':');
        assertThat(kv.entries())
                .extracting(KeyValueLines.Entry::key)
                .containsExactly("Settings for eth0", "Supported link modes", "Speed", "Speed");
        assertThat(kv.value("supported link modes")).contains("10baseT/Half 100baseT/Full");
        assertThat(kv.first("Speed").orElseThrow().line()).isEqualTo(4);
        assertThat(kv.asMap()).containsEntry("Speed", "100Mb/s").hasSize(3);
        assertThat(kv.value("Duplex")).isEmpty();
    }

    @Test
    void textBeforeAnyKeyIsIgnored() {
        assertThat(KeyValueLines.parse(TextLines.of("no key here\n: no key either\nk: v"), ':')
                        .asMap())
                .containsExactly(java.util.Map.entry("k", "v"));
    }

    @Test
    void textLinesSplitsEveryLineEnding() {
        TextLines t = TextLines.of("a  \r\nb\rc\n\n");
        assertThat(t.all()).containsExactly("a", "b", "c", "");
        assertThat(t.size()).isEqualTo(4);
        assertThat(TextLines.of(null).isBlank()).isTrue();
        assertThat(TextLines.of("").size()).isZero();
        assertThat(TextLines.keyValue("a: b: c", ':'))
                .hasValueSatisfying(kv -> assertThat(kv).containsExactly("a", "b: c"));
        assertThat(TextLines.keyValue("abc", ':')).isEmpty();
    }

    /** A file read with its C string terminator ends in NULs, which are no line; a NUL inside a line stays its own. */
    @Test
    void nulsEndingTheTextAreNothing() {
        assertThat(TextLines.of("4096\n\0").all()).containsExactly("4096");
        assertThat(TextLines.of("a\nb\0\0").all()).containsExactly("a", "b");
        assertThat(TextLines.of("\0").size()).isZero();
        assertThat(TextLines.of("a\0b\n").all()).containsExactly("a\0b");
    }

    @Test
    void numbersNameTheirLine() throws ParseException {
        assertThat(TextLines.parseLong(" 42 ", 3, "x")).isEqualTo(42L);
        assertThat(failureLine(() -> TextLines.parseLong("99999999999999999999", 7, "x")))
                .isEqualTo(7);
        assertThat(failureLine(() -> TextLines.parseInt("3000000000", 5, "x"))).isEqualTo(5);
        assertThat(TextLines.parseInt("-1", 1, "x")).isEqualTo(-1);
        assertThat(TextLines.abbreviate("a\u0000b")).isEqualTo("a?b");
        assertThat(TextLines.abbreviate("x".repeat(100))).hasSize(60).endsWith("...");
    }

    @Property(tries = 200)
    void neverThrows(@ForAll("hostile") String text) {
        KeyValueLines.parse(TextLines.of(text), ':').asMap();
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomText();
    }
}
