package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Malformed input is refused with a {@link ParseException} that names the line at fault (0: the input as a whole). */
public final class ParseFailures {
    private ParseFailures() {
    }

    public static void assertFailsAt(Parser<?> parser, String text, int line) {
        assertThatThrownBy(() -> parser.parse(text)).isInstanceOfSatisfying(ParseException.class,
                e -> assertThat(e.line()).as("line of the ParseException").isEqualTo(line));
    }
}
