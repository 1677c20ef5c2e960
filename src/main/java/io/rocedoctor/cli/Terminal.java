package io.rocedoctor.cli;

/** What the terminal allows: colour only on a real terminal without NO_COLOR; width from COLUMNS. */
final class Terminal {
    private Terminal() {}

    static boolean colour(boolean toStdout) {
        String noColor = System.getenv("NO_COLOR");
        return toStdout && System.console() != null && (noColor == null || noColor.isEmpty());
    }

    static int width() {
        String columns = System.getenv("COLUMNS");
        if (columns != null && columns.matches("\\d{2,4}")) {
            return Integer.parseInt(columns);
        }
        return 100;
    }
}
