package io.rocedoctor.bundle;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The analyzer's own scratch space: one private folder per archive read, deleted without
 * following links. Its parent is the system property {@value #PROPERTY}, else the environment
 * variable {@value #ENVIRONMENT}, else {@code TMPDIR}, else {@code java.io.tmpdir}.
 *
 * <p>A folder's name records the process that made it, its pid and its start time
 * ({@code roce-doctor-PID-STARTMILLIS-RANDOM}): a process killed with SIGKILL never deletes its
 * folder, so each new one sweeps those whose process is gone. The start time tells a live owner
 * from a later process that reuses the pid, so a live process's folder is never swept; a folder
 * whose owner cannot be told (another name, a start time the system does not give) is left alone.
 */
public final class ScratchFolder {
    public static final String PROPERTY = "roce.doctor.scratch";
    public static final String ENVIRONMENT = "ROCE_DOCTOR_SCRATCH";
    /** What a refusal to write scratch space tells the user to do. */
    static final String WHERE = "set " + ENVIRONMENT + " or TMPDIR to a folder with room";

    private static final String PREFIX = "roce-doctor-";
    private static final Pattern OWNED = Pattern.compile(Pattern.quote(PREFIX) + "([0-9]{1,10})-([0-9]{1,19})-[0-9]+");

    private ScratchFolder() {}

    /** The folder new scratch folders are made in. */
    public static Path parent() {
        return parent(System.getProperty(PROPERTY), System.getenv(), System.getProperty("java.io.tmpdir"));
    }

    /** The first set of: the property's value, {@value #ENVIRONMENT}, {@code TMPDIR}, the JVM's temp directory. */
    static Path parent(String property, java.util.Map<String, String> environment, String javaTmpdir) {
        for (String base : new String[] {property, environment.get(ENVIRONMENT), environment.get("TMPDIR")}) {
            if (base != null && !base.isBlank()) {
                return Path.of(base);
            }
        }
        return Path.of(javaTmpdir);
    }

    /**
     * A new empty folder, readable by its owner only (createTempDirectory makes it 0700 on POSIX),
     * after sweeping the folders of dead processes.
     */
    public static Path create() throws IOException {
        Path parent = parent();
        Files.createDirectories(parent);
        sweep(parent);
        ProcessHandle self = ProcessHandle.current();
        return Files.createTempDirectory(
                parent, PREFIX + self.pid() + "-" + startMillis(self).orElse(0L) + "-");
    }

    /** Deletes the scratch folders in {@code parent} whose process is gone; the number deleted. */
    static int sweep(Path parent) {
        int swept = 0;
        try (DirectoryStream<Path> folders = Files.newDirectoryStream(parent, PREFIX + "*")) {
            for (Path folder : folders) {
                Matcher m = OWNED.matcher(folder.getFileName().toString());
                if (m.matches()
                        && Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)
                        && !alive(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)))) {
                    delete(folder);
                    swept++;
                }
            }
        } catch (IOException | RuntimeException e) {
            // Best effort: an unreadable parent fails the create that follows, with its own reason.
        }
        return swept;
    }

    /** Whether the process that made a folder still runs: same pid, same start; unknown counts as alive. */
    private static boolean alive(long pid, long startMillis) {
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        if (process.isEmpty() || !process.get().isAlive()) {
            return false;
        }
        Optional<Long> start = startMillis(process.get());
        return startMillis == 0 || start.isEmpty() || start.get() == startMillis;
    }

    private static Optional<Long> startMillis(ProcessHandle process) {
        return process.info().startInstant().map(java.time.Instant::toEpochMilli);
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
