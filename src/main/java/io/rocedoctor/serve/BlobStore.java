package io.rocedoctor.serve;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.SQLException;
import java.util.HexFormat;
import java.util.UUID;

/**
 * Bundles as received, named by their sha256 under {@code DATA/bundles/ab/abcdef...}: written to
 * {@code DATA/incoming/} first, fsynced, then moved into place, so a file under {@code bundles/} is
 * always whole. A file is never modified; the same content received twice is kept once.
 */
public final class BlobStore {
    private final Path incoming;
    private final Path bundles;

    public BlobStore(Path data) throws IOException {
        this.incoming = Files.createDirectories(data.resolve("incoming"));
        this.bundles = Files.createDirectories(data.resolve("bundles"));
    }

    /** A stored file: its sha256 and size. */
    public record Blob(String sha256, long size) {}

    /** The upload was larger than the limit; nothing was kept. */
    public static final class TooLarge extends IOException {
        private static final long serialVersionUID = 1L;

        TooLarge(long limit) {
            super("larger than the upload limit of " + limit + " bytes");
        }
    }

    /**
     * A received upload: fsynced, its sha256 known. When the store already had this content, the
     * received copy waits in {@code incoming/} until {@link #settle} (retention may be removing the
     * stored one at this instant; see {@link #expire}).
     */
    public record Received(Blob blob, Path spare) implements AutoCloseable {
        /** Removes the spare copy if it was not needed. */
        @Override
        public void close() throws IOException {
            if (spare != null) {
                Files.deleteIfExists(spare);
            }
        }
    }

    /** Copies {@code in} into the store, refusing more than {@code limit} bytes. */
    public Received put(InputStream in, long limit) throws IOException {
        Path temp = incoming.resolve("upload-" + UUID.randomUUID());
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        long size = 0;
        try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            OutputStream out = new DigestOutputStream(Channels.newOutputStream(channel), sha);
            byte[] buffer = new byte[64 * 1024];
            for (int n; (n = in.read(buffer)) > 0; ) {
                size += n;
                if (size > limit) {
                    throw new TooLarge(limit);
                }
                out.write(buffer, 0, n);
            }
            out.flush();
            channel.force(true);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
        Blob blob = new Blob(HexFormat.of().formatHex(sha.digest()), size);
        return place(blob.sha256(), temp) ? new Received(blob, null) : new Received(blob, temp);
    }

    /**
     * After the upload's row is committed: if retention removed the stored copy meanwhile, the
     * spare takes its place, so a committed row always has its file.
     */
    public void settle(Received received) throws IOException {
        if (received.spare() != null && !Files.exists(path(received.blob().sha256()))) {
            place(received.blob().sha256(), received.spare());
        }
        received.close();
    }

    /** Moves {@code file} to the place of {@code sha256}; false when that place is taken (file stays). */
    private boolean place(String sha256, Path file) throws IOException {
        Path target = path(sha256);
        Files.createDirectories(target.getParent());
        if (Files.exists(target)) {
            return false;
        }
        try {
            Files.move(file, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (FileAlreadyExistsException e) {
            return false;
        }
        target.toFile().setReadOnly();
        syncFolder(target.getParent());
        return true;
    }

    /**
     * Retention's removal of a file no bundle referred to: the file is first moved aside, then
     * {@code stillOrphan} asks the database again; an upload of the same content that committed in
     * between gets the file back. Together with {@link #settle} no committed row loses its file,
     * whichever instance uploads or expires.
     */
    public boolean expire(String sha256, SqlCheck stillOrphan) throws IOException, SQLException {
        Path target = path(sha256);
        Path aside = incoming.resolve("expiring-" + sha256 + "-" + UUID.randomUUID());
        try {
            Files.move(target, aside, StandardCopyOption.ATOMIC_MOVE);
        } catch (NoSuchFileException gone) {
            return false;
        }
        if (stillOrphan.holds(sha256)) {
            Files.delete(aside);
            return true;
        }
        if (!place(sha256, aside)) {
            Files.delete(aside);
        }
        return false;
    }

    /** A question to the database about one stored file. */
    @FunctionalInterface
    public interface SqlCheck {
        boolean holds(String sha256) throws SQLException;
    }

    /** Where the bundle of this sha256 lives (the name is checked: only 64 hex digits). */
    public Path path(String sha256) {
        if (!sha256.matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException("not a sha256: " + sha256);
        }
        return bundles.resolve(sha256.substring(0, 2)).resolve(sha256);
    }

    /** A rename is durable only once its folder is synced. */
    static void syncFolder(Path folder) throws IOException {
        try (FileChannel dir = FileChannel.open(folder, StandardOpenOption.READ)) {
            dir.force(true);
        }
    }
}
