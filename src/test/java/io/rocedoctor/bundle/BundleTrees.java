package io.rocedoctor.bundle;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Copies of a bundle folder for tests that need it elsewhere or changed. */
public final class BundleTrees {
    private BundleTrees() {}

    /** The folder and everything under it, byte for byte. */
    public static void copy(Path from, Path to) throws IOException {
        copy(from, to, false);
    }

    /** The folder with every file's line ends made CRLF, as a capture saved on Windows has them. */
    public static void copyWithCrlf(Path from, Path to) throws IOException {
        copy(from, to, true);
    }

    private static void copy(Path from, Path to, boolean crlf) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path p : files.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else if (crlf) {
                    Files.writeString(
                            target, Files.readString(p).replace("\r\n", "\n").replace("\n", "\r\n"));
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }
}
