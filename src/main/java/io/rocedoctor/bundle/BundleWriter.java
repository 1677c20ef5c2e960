package io.rocedoctor.bundle;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.Date;
import java.util.HashSet;
import java.util.Set;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;

/**
 * Writes a native bundle as a {@code .tar.gz} whose entries sit in one folder named after the
 * archive ({@code b.tar.gz} holds {@code b/manifest.yaml}, {@code b/commands/...}), so unpacking
 * it never spills files into the current directory. The archive is written beside the target
 * and moved into place by {@link #finish}: an interrupted capture leaves no half bundle.
 */
public final class BundleWriter implements AutoCloseable {
    private final Path target;
    private final Path partial;
    private final String folder;
    private final TarArchiveOutputStream tar;
    private final Set<String> written = new HashSet<>();
    private boolean finished;

    public BundleWriter(Path target) throws IOException {
        this.target = target.toAbsolutePath();
        this.partial = this.target.resolveSibling(this.target.getFileName() + ".partial");
        this.folder = folderName(this.target.getFileName().toString());
        this.tar = new TarArchiveOutputStream(
                new GzipCompressorOutputStream(new BufferedOutputStream(Files.newOutputStream(partial))));
        tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
    }

    /** {@code b.tar.gz} and {@code b.tgz} wrap their entries in {@code b/}. */
    static String folderName(String fileName) {
        String stem = fileName.replaceFirst("(?i)(\\.tar\\.gz|\\.tgz|\\.tar)$", "");
        return stem.isEmpty() ? "bundle" : stem;
    }

    /** Adds one file at a path relative to the bundle root, such as {@code commands/lscpu}. */
    public void add(String relativePath, byte[] content, Instant modified) throws IOException {
        if (relativePath.startsWith("/") || relativePath.contains("..") || !written.add(relativePath)) {
            throw new IllegalArgumentException("not a fresh relative bundle path: " + relativePath);
        }
        TarArchiveEntry entry = new TarArchiveEntry(folder + "/" + relativePath);
        entry.setSize(content.length);
        entry.setMode(0644);
        entry.setModTime(Date.from(modified));
        tar.putArchiveEntry(entry);
        tar.write(content);
        tar.closeArchiveEntry();
    }

    /** Completes the archive and moves it to its name. */
    public void finish() throws IOException {
        tar.finish();
        tar.close();
        Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        finished = true;
    }

    /** Without {@link #finish}, drops the partial archive. */
    @Override
    public void close() throws IOException {
        if (!finished) {
            tar.close();
            Files.deleteIfExists(partial);
        }
    }
}
