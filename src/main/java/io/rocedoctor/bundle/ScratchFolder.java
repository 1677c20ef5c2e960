package io.rocedoctor.bundle;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/** The analyzer's own scratch space: created private, deleted without following links. */
public final class ScratchFolder {
    private ScratchFolder() {
    }

    public static Path create() throws IOException {
        String base = System.getenv("ROCE_DOCTOR_SCRATCH");
        Path parent = base == null || base.isBlank() ? Path.of(System.getProperty("java.io.tmpdir")) : Path.of(base);
        Files.createDirectories(parent);
        return Files.createTempDirectory(parent, "roce-doctor-");
    }

    public static void delete(Path folder) {
        if (!Files.exists(folder, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            // walkFileTree does not follow links by default: a link's target is never touched.
            Files.walkFileTree(folder, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                    Files.deleteIfExists(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException ignored) {
            // Best effort: a scratch folder left behind in the temp directory harms nothing.
        }
    }
}
