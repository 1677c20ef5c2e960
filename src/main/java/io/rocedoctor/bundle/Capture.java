package io.rocedoctor.bundle;

import java.nio.file.Path;

/**
 * One captured output inside a bundle: which source, which sample, where its bytes are
 * (relative to the bundle root, {@code null} when the capture failed), and how the capture went.
 * {@code indexedBytes} is the file's size when the bundle was indexed, or {@link #SIZE_UNKNOWN}: a
 * read that has that many bytes and is told no more are there stops without asking again.
 */
public record Capture(
        Source source, int sample, String relativePath, Path file, Integer exitCode, String error, long indexedBytes) {

    /** The size of a capture whose file was not looked at when the bundle was indexed, or that has none. */
    public static final long SIZE_UNKNOWN = -1;

    /** A capture whose size the index did not see. */
    public Capture(Source source, int sample, String relativePath, Path file, Integer exitCode, String error) {
        this(source, sample, relativePath, file, exitCode, error, SIZE_UNKNOWN);
    }

    public boolean collected() {
        return file != null;
    }
}
