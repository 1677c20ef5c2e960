package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.TextLines;
import java.util.List;

/**
 * How a switch parser degrades: each row, field or configuration line is read on its own, and
 * one that does not read is a note on its line while the others stand. The capture fails
 * ({@link #requireSomeRead}) only when there were rows and none of them read, so rows that all
 * failed are never taken for an empty table (a watchdog watching nothing, a profile with no
 * traffic class).
 */
final class LineByLine {
    /** Reads one row, field or value; throws a ParseException naming its line when it cannot. */
    @FunctionalInterface
    interface Reading<T> {
        T read() throws ParseException;
    }

    private final TextLines lines;
    private ParseException firstUnread;
    private boolean anyRead;

    LineByLine(TextLines lines) {
        this.lines = lines;
    }

    /** A row (or a field, a configuration line): its value, or null and a note on its line when it does not read. */
    <T> T row(Reading<T> reading) {
        try {
            T value = reading.read();
            anyRead = true;
            return value;
        } catch (ParseException e) {
            lines.unreadable(e);
            firstUnread = firstUnread == null ? e : firstUnread;
            return null;
        }
    }

    /** As {@link #row}, the value added to a list when the row reads. */
    <T> void add(List<T> to, Reading<T> reading) {
        T value = row(reading);
        if (value != null) {
            to.add(value);
        }
    }

    /**
     * One value of a row whose other values were read (a count among counts): the value, or null
     * and a note on the row's line, which still counts as read.
     */
    <T> T value(Reading<T> reading) {
        try {
            return reading.read();
        } catch (ParseException e) {
            lines.partlyUnreadable(e);
            return null;
        }
    }

    /** Rows were there and none read: the first one's ParseException. */
    void requireSomeRead() throws ParseException {
        if (!anyRead && firstUnread != null) {
            throw firstUnread;
        }
    }
}
