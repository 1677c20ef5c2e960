package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

/**
 * Malformed input is refused with a {@link ParseException} that names the line at fault (0: the
 * input as a whole); a bad line among good ones is a note on that line, and the text still parses.
 */
public final class ParseFailures {
    private ParseFailures() {}

    public static void assertFailsAt(Parser<?> parser, String text, int line) {
        assertThatThrownBy(() -> parser.parse(text))
                .isInstanceOfSatisfying(
                        ParseException.class,
                        e -> assertThat(e.line())
                                .as("line of the ParseException")
                                .isEqualTo(line));
    }

    /** The text parses, and the line at fault is a note whose reason contains {@code reason}; returns the record. */
    public static <T> T assertNotedAt(Parser<T> parser, String text, int line, String reason) {
        return assertNotesAt(parser, text, Map.of(line, reason));
    }

    /** As {@link #assertNotedAt}, for several lines at fault: each is a note whose reason contains its text. */
    public static <T> T assertNotesAt(Parser<T> parser, String text, Map<Integer, String> reasonByLine) {
        Parsed<T> parsed = read(parser, text, "a note at line " + reasonByLine.keySet());
        reasonByLine.forEach((line, reason) -> assertThat(parsed.notes())
                .as("notes")
                .anySatisfy(n -> {
                    assertThat(n.line()).isEqualTo(line);
                    assertThat(n.reason()).contains(reason);
                }));
        return parsed.value();
    }

    /** The text parses with no line skipped or unread (a variant read whole); returns the record. */
    public static <T> T assertReadWhole(Parser<T> parser, String text) {
        Parsed<T> parsed = read(parser, text, "the text read whole");
        assertThat(parsed.notes()).as("notes").isEmpty();
        return parsed.value();
    }

    private static <T> Parsed<T> read(Parser<T> parser, String text, String expected) {
        try {
            return parser.read(text);
        } catch (ParseException e) {
            throw new AssertionError(
                    "expected " + expected + ", the text failed at line " + e.line() + ": " + e.getMessage(), e);
        }
    }
}
