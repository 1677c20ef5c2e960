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
 * <p>Each running instance appends to its own {@code DATA/receipts/instance-<uuid>.log} and holds
 * a lock on it (released by the kernel when the process dies, even by {@code kill -9}); a starting
 * instance recovers only the journals no live instance holds, so instances sharing one data folder
 * never recover each other's uploads in flight. Writers share fsyncs: a receipt appended while
 * another upload's fsync runs is forced by the next one, whose single {@code force} covers every
 * line appended before it (group commit).
 *
 * <p>A running instance {@link #rotate}s its journal: it appends to a new one, and the one before
 * is removed once the database shows that every row it covers is on disk. Each receipt is appended
 * after its row's commit returned, so a {@link Durability#commitPoint} read once the journal takes no
 * more receipts lies after all of them, and the journal goes when {@link Durability#durablePoint}
 * reaches it. Until then it stays (and is read back at the next start, like every journal a
 * stopped instance leaves).
 */
final class Receipts implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    static final String SUFFIX = ".log";

    /** One acknowledged upload: what its bundle row needs to be put back. */
    record Receipt(
            long id, String caseName, String sha256, long size, String fileName, String uploadedBy, long uploadedAt) {}

    /** One journal file, locked by this instance while it may hold receipts not yet proven stored. */
    private static final class Journal {
        final Path file;
        final FileChannel channel;
        final FileLock lock;
        final Object forcing = new Object();
        /** Lines appended; guarded by the Receipts that appends. */
        long appended;

        volatile long forced;
        /** Set when it stops taking receipts: the database point its rows lie before. */
        long commitPoint;

        private Journal(Path file, FileChannel channel, FileLock lock) {
            this.file = file;
            this.channel = channel;
            this.lock = lock;
        }

        static Journal create(Path folder) throws IOException {
            Path file = folder.resolve("instance-" + UUID.randomUUID() + SUFFIX);
            FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            FileLock lock = channel.lock();
            BlobStore.syncFolder(folder);
            return new Journal(file, channel, lock);
        }

        /** Forces the lines up to {@code upTo} (read under the appender's lock) unless a force covered them. */
        void force(long mine, java.util.function.LongSupplier upTo) throws IOException {
            if (forced >= mine) {
                return;
            }
            synchronized (forcing) {
                if (forced >= mine) {
                    return;
                }
                long covered = upTo.getAsLong();
                channel.force(false);
                forced = covered;
            }
        }

        /** Unlocks and closes; a writer that appended here has had its line forced first (see rotate). */
        void release() throws IOException {
            synchronized (forcing) {
                lock.release();
                channel.close();
            }
        }
    }

    private final Path folder;
    private Journal current;
    /** Journals rotated out, oldest first, each waiting for the database to store its rows. */
    private final List<Journal> retired = new ArrayList<>();

    private Receipts(Path folder, Journal current) {
        this.folder = folder;
        this.current = current;
    }

    /** A new journal of this instance under {@code folder}, locked while the instance runs. */
    static Receipts open(Path folder) throws IOException {
        Files.createDirectories(folder);
        return new Receipts(folder, Journal.create(folder));
    }

    /** Appends the receipt and returns once it is on disk: the upload may be acknowledged then. */
    void record(Receipt receipt) throws IOException {
        byte[] line = (JSON.writeValueAsString(receipt) + "\n").getBytes(StandardCharsets.UTF_8);
        Journal journal;
        long mine;
        synchronized (this) {
            journal = current;
            ByteBuffer buffer = ByteBuffer.wrap(line);
            while (buffer.hasRemaining()) {
                journal.channel.write(buffer);
            }
            mine = ++journal.appended;
        }
        journal.force(mine, () -> appended(journal));
    }

    private synchronized long appended(Journal journal) {
        return journal.appended;
    }

    /** The journal receipts are appended to now. */
    synchronized Path file() {
        return current.file;
    }

    /**
     * Starts a new journal when the current one holds receipts, and removes every journal rotated out
     * (this time or before) whose rows the database now holds on disk; returns how many are left
     * waiting for that. The point is read after the swap: every receipt of the journal rotated out
     * was appended before it, each after its row's commit.
     */
    int rotate(Durability db) throws IOException, java.sql.SQLException {
        synchronized (retired) {
            Journal old = rotatedOut();
            if (old != null) {
                // Covers the writers still under way on it: none appends to it any more.
                old.force(Long.MAX_VALUE, () -> appended(old));
                old.commitPoint = db.commitPoint();
                retired.add(old);
            }
            if (retired.isEmpty()) {
                return 0;
            }
            long durable = db.durablePoint();
            while (!retired.isEmpty() && retired.get(0).commitPoint <= durable) {
                Journal proven = retired.remove(0);
                Files.delete(proven.file);
                proven.release();
                BlobStore.syncFolder(folder);
            }
            return retired.size();
        }
    }

    /** The current journal, replaced by a new one, when it holds receipts; null when it holds none. */
    private synchronized Journal rotatedOut() throws IOException {
        if (current.appended == 0) {
            return null;
        }
        Journal old = current;
        current = Journal.create(folder);
        return old;
    }

    /**
     * Stops appending. The journals stay: the next start reads them back against the database,
     * which is then the proof that every row of this run reached the disk.
     */
    @Override
    public void close() throws IOException {
        synchronized (retired) {
            for (Journal j : retired) {
                j.release();
            }
        }
        synchronized (this) {
            current.release();
        }
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

    /** Where the database's commits stand against its disk ({@link Database}'s, on H2 and PostgreSQL). */
    interface Durability {
        /** A point after every commit that returned before this call. */
        long commitPoint() throws java.sql.SQLException;

        /** The point up to which commits are on disk now. */
        long durablePoint() throws java.sql.SQLException;
    }

    /** Whether the database holds the bundle of a receipt. */
    @FunctionalInterface
    interface Found {
        boolean test(Receipt receipt) throws java.sql.SQLException;
    }
}
