package io.rocedoctor.collect;

import io.rocedoctor.bundle.IoReason;
import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Takes one source on the live host: runs its command without a shell (argument vector, stdin
 * closed, {@code LC_ALL=C} so parsers see English), or reads its file, each within a timeout.
 * Nothing here throws for a missing tool, file or permission: the outcome says what happened.
 */
public final class SourceRunner implements AutoCloseable {
    /** What GNU timeout(1) exits with, so the shell collector records the same code. */
    static final int TIMED_OUT = 124;

    static final int NOT_FOUND = 127;
    static final int NOT_RUNNABLE = 126;
    /** A file or output larger than the reader accepts is cut: the reader reads at most 64 MiB. */
    private static final int MAX_BYTES = 64 << 20;
    /** Where tools live even when the caller's PATH lacks the sbin folders (a non-root shell on Debian). */
    private static final List<String> SYSTEM_BIN =
            List.of("/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin");

    /**
     * How taking a source went. {@code output} is null when nothing was captured; {@code exit} is
     * null for a file; {@code error} says why nothing (or only a failing command's output) was captured.
     */
    public record Outcome(byte[] output, byte[] stderr, Integer exit, String error, long millis) {}

    private static final Path BNXT_RE_CONFIGFS = Path.of("sys/kernel/config/bnxt_re");

    private final Path root;
    private final Duration timeout;
    private final List<Path> searchPath;
    private final Path scratch;
    /** File reads run here so a hung sysfs attribute costs its timeout, not the capture. */
    private final ExecutorService fileReads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "roce-doctor-file-read");
        t.setDaemon(true);
        return t;
    });

    /**
     * @param root where absolute file sources are read from ({@code /} on a live host)
     * @param timeout the longest a command or a file read may take
     */
    public SourceRunner(Path root, Duration timeout) throws IOException {
        this(root, timeout, systemSearchPath());
    }

    /** @param searchPath the folders a command's tool is looked up in, in order */
    SourceRunner(Path root, Duration timeout, List<Path> searchPath) throws IOException {
        this.root = root;
        this.timeout = timeout;
        this.searchPath = List.copyOf(searchPath);
        this.scratch = Files.createTempDirectory("roce-doctor-collect-");
    }

    /** The caller's PATH, then the system folders it may lack. */
    private static List<Path> systemSearchPath() {
        Set<Path> dirs = new LinkedHashSet<>();
        String path = System.getenv("PATH");
        for (String d : (path == null ? "" : path).split(File.pathSeparator)) {
            if (!d.isEmpty()) {
                dirs.add(Path.of(d));
            }
        }
        SYSTEM_BIN.forEach(d -> dirs.add(Path.of(d)));
        return List.copyOf(dirs);
    }

    public Outcome take(Source source) {
        long start = System.nanoTime();
        Outcome o =
                source.kind().origin() == SourceKind.Origin.FILE ? readFile(source.display()) : run(source.display());
        return new Outcome(o.output, o.stderr, o.exit, o.error, (System.nanoTime() - start) / 1_000_000);
    }

    private Outcome run(String commandLine) {
        List<String> argv = new ArrayList<>(List.of(commandLine.trim().split("\\s+")));
        Optional<Path> tool = locate(argv.get(0));
        if (tool.isEmpty()) {
            return new Outcome(null, null, NOT_FOUND, "command not found", 0);
        }
        argv.set(0, tool.get().toString());
        Path out = scratch.resolve("stdout");
        Path err = scratch.resolve("stderr");
        ProcessBuilder pb = new ProcessBuilder(argv)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(out.toFile())
                .redirectError(err.toFile());
        pb.environment().put("LC_ALL", "C");
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            return new Outcome(null, null, NOT_RUNNABLE, "cannot run: " + e.getMessage(), 0);
        }
        try {
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor(5, TimeUnit.SECONDS);
                return new Outcome(null, bytes(err), TIMED_OUT, "timed out after " + timeout.toSeconds() + " s", 0);
            }
            byte[] stdout = bytes(out);
            byte[] stderr = bytes(err);
            int exit = p.exitValue();
            if (exit != 0 && stdout.length == 0) {
                return new Outcome(null, stderr, exit, firstLine(stderr).orElse("exit " + exit + " without output"), 0);
            }
            return new Outcome(stdout, stderr, exit, null, 0);
        } catch (InterruptedException e) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            return new Outcome(null, null, TIMED_OUT, "interrupted", 0);
        } catch (IOException e) {
            return new Outcome(null, null, NOT_RUNNABLE, "output unreadable: " + e.getMessage(), 0);
        }
    }

    private Optional<Path> locate(String tool) {
        if (tool.contains("/")) {
            return Files.isExecutable(Path.of(tool)) ? Optional.of(Path.of(tool)) : Optional.empty();
        }
        return searchPath.stream()
                .map(d -> d.resolve(tool))
                .filter(f -> Files.isRegularFile(f) && Files.isExecutable(f))
                .findFirst();
    }

    private Outcome readFile(String absolute) {
        Path file = root.resolve(absolute.substring(1));
        Optional<Path> made = makeConfigfsGroup(file);
        try {
            return read(file);
        } finally {
            made.ifPresent(group -> {
                try {
                    Files.deleteIfExists(group);
                } catch (IOException e) {
                    // configfs refuses only while the group is in use; it then stays, as a person's mkdir would
                }
            });
        }
    }

    /**
     * bnxt_re's configfs folder of a device ({@code /sys/kernel/config/bnxt_re/DEV}) exists only once
     * made; making it sets nothing on the NIC (the driver builds its {@code ports/N/cc} groups in
     * memory). Made here for the read, when the driver's subsystem is there and the folder is not.
     */
    private Optional<Path> makeConfigfsGroup(Path file) {
        Path subsystem = root.resolve(BNXT_RE_CONFIGFS);
        if (!file.startsWith(subsystem)
                || file.getNameCount() <= subsystem.getNameCount() + 1
                || !Files.isDirectory(subsystem)) {
            return Optional.empty();
        }
        Path group = subsystem.resolve(file.getName(subsystem.getNameCount()));
        if (Files.exists(group)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.createDirectory(group));
        } catch (IOException e) {
            return Optional.empty(); // not root, or not a device the driver knows: the read then says why
        }
    }

    private Outcome read(Path file) {
        Future<byte[]> read = fileReads.submit(() -> {
            try (InputStream in = Files.newInputStream(file)) {
                return in.readNBytes(MAX_BYTES);
            }
        });
        try {
            return new Outcome(read.get(timeout.toMillis(), TimeUnit.MILLISECONDS), null, null, null, 0);
        } catch (TimeoutException e) {
            read.cancel(true);
            return new Outcome(null, null, null, "timed out after " + timeout.toSeconds() + " s", 0);
        } catch (ExecutionException e) {
            return new Outcome(null, null, null, IoReason.of(e.getCause()), 0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Outcome(null, null, null, "interrupted", 0);
        }
    }

    private static byte[] bytes(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return in.readNBytes(MAX_BYTES);
        }
    }

    private static Optional<String> firstLine(byte[] text) {
        return new String(text, StandardCharsets.UTF_8)
                .lines()
                .map(String::strip)
                .filter(l -> !l.isEmpty())
                .findFirst()
                .map(l -> l.length() > 200 ? l.substring(0, 200) : l);
    }

    @Override
    public void close() throws IOException {
        fileReads.shutdownNow();
        try (var files = Files.list(scratch)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
        }
        Files.deleteIfExists(scratch);
    }
}
