package io.rocedoctor.serve;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * The upload journal: one fsynced line per acknowledged upload, so that an upload outlives a
 * database commit that never reached the disk. H2 2.5's MVStore skips storing a commit while another
 * store runs (MVStore.commit: canStartStoreOperation), and such a commit is lost at a {@code kill -9};
 * with PostgreSQL, {@code synchronous_commit=off} does the same. An upload is acknowledged only once
 * its file is fsynced, its row committed, and its receipt (id, case, sha256, size, name, uploader,
 * time) fsynced here; at the next start, {@link Recovery} puts back, as queued and under their ids,
 * the bundles whose receipts have no row. The database row may be lost; the upload is not.
 *
 * <p>Each running instance appends to its own {@code DATA/receipts/<instance>.log} and holds a lock
 * on it (released by the kernel when the process dies, even by {@code kill -9}); a starting
 * instance recovers only the journals no live instance holds, so instances sharing one data folder
 * never recover each other's uploads in flight. A journal is removed only once every one of its
 * receipts has been read back from the database reopened after the recovery was stored. Writers
 * share fsyncs: a receipt appended while another upload's fsync runs is forced by the next one,
 * whose single {@code force} covers every line appended before it (group commit).
 */
final class Receipts implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    static final String SUFFIX = ".log";

    /** One acknowledged upload: what its bundle row needs to be put back. */
    record Receipt(
            long id, String caseName, String sha256, long size, String fileName, String uploadedBy, long uploadedAt) {}

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;
    private final Object forcing = new Object();
    private long appended;
    private volatile long forced;

    private Receipts(Path file, FileChannel channel, FileLock lock) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
    }

    /** A new journal of this instance under {@code folder}, locked while the instance runs. */
    static Receipts open(Path folder) throws IOException {
        Files.createDirectories(folder);
        Path file = folder.resolve("instance-" + UUID.randomUUID() + SUFFIX);
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        FileLock lock = channel.lock();
        BlobStore.syncFolder(folder);
        return new Receipts(file, channel, lock);
    }

    /** Appends the receipt and returns once it is on disk: the upload may be acknowledged then. */
    void record(Receipt receipt) throws IOException {
        byte[] line = (JSON.writeValueAsString(receipt) + "\n").getBytes(StandardCharsets.UTF_8);
        long mine;
        synchronized (this) {
            ByteBuffer buffer = ByteBuffer.wrap(line);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            mine = ++appended;
        }
        if (forced >= mine) {
            return;
        }
        synchronized (forcing) {
            if (forced >= mine) {
                return;
            }
            long upTo;
            synchronized (this) {
                upTo = appended;
            }
            channel.force(false);
            forced = upTo;
        }
    }

    Path file() {
        return file;
    }

    /**
     * Stops appending. The journal stays: the next start reads it back against the database,
     * which is then the only proof that every row of this run reached the disk.
     */
    @Override
    public void close() throws IOException {
        lock.release();
        channel.close();
    }

    /** The receipts of a journal; a last line cut short (its upload never acknowledged) is left out. */
    static List<Receipt> read(Path journal) throws IOException {
        List<Receipt> receipts = new ArrayList<>();
        String text = Files.readString(journal, StandardCharsets.UTF_8);
        int end = text.lastIndexOf('\n');
        if (end < 0) {
            return receipts;
        }
        for (String line : text.substring(0, end).split("\n")) {
            if (!line.isBlank()) {
                receipts.add(JSON.readValue(line, Receipt.class));
            }
        }
        return receipts;
    }

    /** The journals of instances that stopped or died, locked by this one until {@link #close}d. */
    static final class Recovery implements AutoCloseable {
        private final List<Orphan> orphans;

        private record Orphan(Path file, FileChannel channel, FileLock lock, List<Receipt> receipts) {}

        private Recovery(List<Orphan> orphans) {
            this.orphans = orphans;
        }

        /** Takes every journal under {@code folder} that no running instance holds. */
        static Recovery take(Path folder) throws IOException {
            List<Orphan> orphans = new ArrayList<>();
            if (!Files.isDirectory(folder)) {
                return new Recovery(orphans);
            }
            List<Path> journals;
            try (Stream<Path> s = Files.list(folder)) {
                journals = s.filter(p -> p.getFileName().toString().endsWith(SUFFIX))
                        .sorted()
                        .toList();
            }
            for (Path journal : journals) {
                FileChannel channel = FileChannel.open(journal, StandardOpenOption.READ, StandardOpenOption.WRITE);
                FileLock lock;
                try {
                    lock = channel.tryLock();
                } catch (OverlappingFileLockException heldInThisProcess) {
                    lock = null;
                }
                if (lock == null) {
                    channel.close();
                    continue;
                }
                orphans.add(new Orphan(journal, channel, lock, read(journal)));
            }
            return new Recovery(orphans);
        }

        boolean isEmpty() {
            return orphans.isEmpty();
        }

        int journals() {
            return orphans.size();
        }

        List<Receipt> receipts() {
            return orphans.stream().flatMap(o -> o.receipts().stream()).toList();
        }

        /** Removes the journals whose every receipt {@code found} sees in the database; returns how many. */
        int removeWhere(Found found) throws IOException, java.sql.SQLException {
            int removed = 0;
            for (Orphan o : orphans) {
                boolean all = true;
                for (Receipt r : o.receipts()) {
                    all &= found.test(r);
                }
                if (all) {
                    Files.delete(o.file());
                    removed++;
                }
            }
            return removed;
        }

        @Override
        public void close() throws IOException {
            for (Orphan o : orphans) {
                o.lock().release();
                o.channel().close();
            }
        }
    }

    /** Whether the database holds the bundle of a receipt. */
    @FunctionalInterface
    interface Found {
        boolean test(Receipt receipt) throws java.sql.SQLException;
    }
}
