package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The width to wrap to: the terminal's own, then COLUMNS, then a default. */
class TerminalTest {
    @Test
    void theTerminalsOwnWidthComesFirst() {
        assertThat(Terminal.width(132, "80")).isEqualTo(132);
    }

    @Test
    void offATerminalColumnsDecides() {
        assertThat(Terminal.width(0, "72")).isEqualTo(72);
        assertThat(Terminal.width(0, "200")).isEqualTo(200);
    }

    @Test
    void withoutEitherOrWithANonsenseColumnsTheDefault() {
        assertThat(Terminal.width(0, null)).isEqualTo(Terminal.DEFAULT_WIDTH);
        assertThat(Terminal.width(0, "wide")).isEqualTo(Terminal.DEFAULT_WIDTH);
        assertThat(Terminal.width(0, "7")).as("one digit is no terminal").isEqualTo(Terminal.DEFAULT_WIDTH);
        assertThat(Terminal.width(-1, "")).isEqualTo(Terminal.DEFAULT_WIDTH);
    }
}
