package io.rocedoctor.parse;

/** A source's text could not be understood; {@link #line()} is 1-based, 0 when not tied to a line. */
public final class ParseException extends Exception {
    private static final long serialVersionUID = 1L;

    private final int line;

    public ParseException(int line, String message) {
        super(message);
        this.line = Math.max(0, line);
    }

    public int line() {
        return line;
    }
}
