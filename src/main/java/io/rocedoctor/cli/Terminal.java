package io.rocedoctor.cli;

import org.fusesource.jansi.AnsiConsole;

/**
 * What the terminal allows: colour only on a real terminal without NO_COLOR; the width of the
 * terminal itself (Jansi asks the kernel, TIOCGWINSZ on standard output, then on standard error),
 * else {@code COLUMNS}, which bash sets but does not export.
 */
final class Terminal {
    /** The width when neither the terminal nor COLUMNS gives one. */
    static final int DEFAULT_WIDTH = 100;

    private static volatile int width;

    private Terminal() {}

    static boolean colour(boolean toStdout) {
        String noColor = System.getenv("NO_COLOR");
        return toStdout && System.console() != null && (noColor == null || noColor.isEmpty());
    }

    /** The width to wrap to, asked once per process (the help of each subcommand wants it too). */
    static int width() {
        if (width == 0) {
            width = width(terminalColumns(), System.getenv("COLUMNS"));
        }
        return width;
    }

    /** The terminal's columns when it reports some, else a plausible COLUMNS, else {@link #DEFAULT_WIDTH}. */
    static int width(int terminalColumns, String columns) {
        if (terminalColumns > 0) {
            return terminalColumns;
        }
        if (columns != null && columns.matches("\\d{2,4}")) {
            return Integer.parseInt(columns);
        }
        return DEFAULT_WIDTH;
    }

    /** 0 off a terminal, or where Jansi's native part cannot load (it degrades instead of failing). */
    private static int terminalColumns() {
        try {
            return AnsiConsole.getTerminalWidth();
        } catch (RuntimeException | LinkageError e) {
            return 0;
        }
    }
}
