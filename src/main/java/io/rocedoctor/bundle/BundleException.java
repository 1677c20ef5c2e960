package io.rocedoctor.bundle;

import java.nio.file.Path;

/** The input cannot be read as a bundle at all; the message names the file and the reason. */
public final class BundleException extends Exception {
    private static final long serialVersionUID = 1L;

    public BundleException(Path file, String reason) {
        super(file + ": " + reason);
    }

    public BundleException(Path file, String reason, Throwable cause) {
        super(file + ": " + reason, cause);
    }
}
