package io.rocedoctor.bundle;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * The analyzer's own scratch space: one private folder per archive read, deleted without
 * following links. Its parent is the system property {@value #PROPERTY}, else the environment
 * variable {@value #ENVIRONMENT}, else {@code java.io.tmpdir}.
 */
public final class ScratchFolder {
    public static final String PROPERTY = "roce.doctor.scratch";
    public static final String ENVIRONMENT = "ROCE_DOCTOR_SCRATCH";

    private ScratchFolder() {
    }

    /** The folder new scratch folders are made in. */
    public static Path parent() {
        String base = System.getProperty(PROPERTY);
        if (base == null || base.isBlank()) {
            base = System.getenv(ENVIRONMENT);
        }
        return base == null || base.isBlank() ? Path.of(System.getProperty("java.io.tmpdir")) : Path.of(base);
    }

    /** A new empty folder, readable by its owner only (createTempDirectory makes it 0700 on POSIX). */
    public static Path create() throws IOException {
        Path parent = parent();
        Files.createDirectories(parent);
        return Files.createTempDirectory(parent, "roce-doctor-");
    }

    public static void delete(Path folder) {
        if (!Files.exists(folder, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            // walkFileTree does not follow links by default: a link is deleted, its target never touched.
            Files.walkFileTree(folder, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException exc) {
                    // One unreadable entry must not leave the rest behind.
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
