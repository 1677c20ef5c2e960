package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Malformed input is refused with a {@link ParseException} that names the line at fault (0: the
 * input as a whole); a bad line among good ones is a note on that line, and the text still parses.
 */
public final class ParseFailures {
    private ParseFailures() {
    }

    public static void assertFailsAt(Parser<?> parser, String text, int line) {
        assertThatThrownBy(() -> parser.parse(text)).isInstanceOfSatisfying(ParseException.class,
                e -> assertThat(e.line()).as("line of the ParseException").isEqualTo(line));
    }

    /** The text parses, and the line at fault is a note whose reason contains {@code reason}; returns the record. */
    public static <T> T assertNotedAt(Parser<T> parser, String text, int line, String reason) {
        Parsed<T> parsed;
        try {
            parsed = parser.read(text);
        } catch (ParseException e) {
            throw new AssertionError("expected a note at line " + line + ", the text failed at line " + e.line() + ": " + e.getMessage(), e);
        }
        assertThat(parsed.notes()).as("notes").anySatisfy(n -> {
            assertThat(n.line()).isEqualTo(line);
            assertThat(n.reason()).contains(reason);
        });
        return parsed.value();
    }
}
