package io.rocedoctor.parse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * The folder of real command outputs named by {@code ROCE_DOCTOR_SAMPLES} (CI points it at
 * ../shared/samples). Conformance tests read it; where it is not set they are skipped with a
 * message saying so.
 */
public final class RealSamples {
    private RealSamples() {}

    public static Optional<Path> root() {
        String dir = System.getenv("ROCE_DOCTOR_SAMPLES");
        if (dir == null || dir.isBlank() || !Files.isDirectory(Path.of(dir))) {
            return Optional.empty();
        }
        return Optional.of(Path.of(dir));
    }

    /** The files of one sample folder (e.g. {@code ethtool-S}), or a skipped test when there is none. */
    public static List<Path> files(String folder) throws IOException {
        Optional<Path> root = root();
        Assumptions.assumeTrue(
                root.isPresent(), "ROCE_DOCTOR_SAMPLES is not set to a folder: real-sample conformance skipped");
        Path dir = root.get().resolve(folder);
        Assumptions.assumeTrue(Files.isDirectory(dir), "no sample folder " + dir + ": skipped");
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().endsWith(".md"))
                    .sorted()
                    .toList();
        }
    }

    /** Damaged-in-transit samples (mail-wrapped, forum-collapsed) may give a diagnostic instead of a result. */
    public static boolean damaged(Path file) {
        String n = file.getFileName().toString();
        return n.contains("mailwrapped") || n.contains("forum-collapsed");
    }

    public static String read(Path file) throws IOException {
        return io.rocedoctor.bundle.Bundle.readText(file);
    }
}
