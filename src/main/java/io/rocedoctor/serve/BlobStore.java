package io.rocedoctor.serve;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
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

    /** Copies {@code in} into the store, refusing more than {@code limit} bytes. */
    public Blob put(InputStream in, long limit) throws IOException {
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
        String hex = HexFormat.of().formatHex(sha.digest());
        Path target = path(hex);
        Files.createDirectories(target.getParent());
        try {
            if (Files.exists(target)) {
                Files.delete(temp);
            } else {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
                target.toFile().setReadOnly();
                syncFolder(target.getParent());
            }
        } catch (FileAlreadyExistsException e) {
            Files.deleteIfExists(temp);
        }
        return new Blob(hex, size);
    }

    /** Where the bundle of this sha256 lives (the name is checked: only 64 hex digits). */
    public Path path(String sha256) {
        if (!sha256.matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException("not a sha256: " + sha256);
        }
        return bundles.resolve(sha256.substring(0, 2)).resolve(sha256);
    }

    /** Removes a stored file that no bundle refers to any more (retention). */
    public void delete(String sha256) throws IOException {
        Files.deleteIfExists(path(sha256));
    }

    /** A rename is durable only once its folder is synced. */
    private static void syncFolder(Path folder) throws IOException {
        try (FileChannel dir = FileChannel.open(folder, StandardOpenOption.READ)) {
            dir.force(true);
        }
    }
}
