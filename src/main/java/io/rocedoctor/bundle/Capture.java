package io.rocedoctor.bundle;

import java.nio.file.Path;

/**
 * One captured output inside a bundle: which source, which sample, where its bytes are
 * (relative to the bundle root, {@code null} when the capture failed), and how the capture went.
 */
public record Capture(Source source, int sample, String relativePath, Path file, Integer exitCode, String error) {

    public boolean collected() {
        return file != null;
    }
}
