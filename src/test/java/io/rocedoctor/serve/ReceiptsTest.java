package io.rocedoctor.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The upload journal: what it keeps, what a recovery takes and when a journal goes. */
class ReceiptsTest {
    @TempDir
    Path folder;

    private static Receipts.Receipt receipt(long id) {
        return new Receipts.Receipt(
                id,
                "SR-" + id,
                "ab".repeat(32),
                1000 + id,
                "node-" + id + ".tar.gz",
                "tok" + id,
                1_700_000_000_000L + id);
    }

    @Test
    void everyReceiptRecordedIsReadBackEvenFromWritersAtOnce() throws Exception {
        List<Receipts.Receipt> written = java.util.stream.LongStream.rangeClosed(1, 200)
                .mapToObj(ReceiptsTest::receipt)
                .toList();
        Path file;
        ExecutorService writers = Executors.newFixedThreadPool(8);
        try (Receipts receipts = Receipts.open(folder)) {
            file = receipts.file();
            List<Future<Void>> done = new java.util.ArrayList<>();
            for (Receipts.Receipt r : written) {
                done.add(writers.submit(() -> {
                    receipts.record(r);
                    return null;
                }));
            }
            for (Future<Void> f : done) {
                f.get();
            }
        } finally {
            writers.shutdown();
        }
        assertThat(Receipts.read(file)).containsExactlyInAnyOrderElementsOf(written);
    }

    @Test
    void aLastLineCutShortByACrashIsLeftOut() throws Exception {
        Path file;
        try (Receipts receipts = Receipts.open(folder)) {
            receipts.record(receipt(1));
            file = receipts.file();
        }
        Files.writeString(
                file, "{\"id\":2,\"caseName\":\"SR-2\",\"sha", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        assertThat(Receipts.read(file)).containsExactly(receipt(1));
    }

    @Test
    void aRecoveryTakesTheJournalsOfStoppedInstancesAndNotThoseOfRunningOnes() throws Exception {
        Path stopped;
        try (Receipts earlier = Receipts.open(folder)) {
            earlier.record(receipt(1));
            stopped = earlier.file();
        }
        try (Receipts running = Receipts.open(folder)) {
            running.record(receipt(2));
            try (Receipts.Recovery recovery = Receipts.Recovery.take(folder)) {
                assertThat(recovery.journals()).isEqualTo(1);
                assertThat(recovery.receipts()).containsExactly(receipt(1));
            }
            assertThat(running.file()).exists();
        }
        assertThat(stopped).exists();
    }

    @Test
    void aJournalGoesOnlyWhenTheDatabaseHoldsEveryOneOfItsReceipts() throws Exception {
        Path both;
        Path one;
        try (Receipts a = Receipts.open(folder)) {
            a.record(receipt(1));
            a.record(receipt(2));
            both = a.file();
        }
        try (Receipts b = Receipts.open(folder)) {
            b.record(receipt(1));
            one = b.file();
        }
        try (Receipts.Recovery recovery = Receipts.Recovery.take(folder)) {
            assertThat(recovery.removeWhere(r -> r.id() == 1)).isEqualTo(1);
        }
        assertThat(one).doesNotExist();
        assertThat(both).exists();
    }

    /** A database whose points the test moves: commits stand at {@code committed}, the disk at {@code onDisk}. */
    private static final class Points implements Receipts.Durability {
        long committed;
        long onDisk;

        @Override
        public long commitPoint() {
            return committed;
        }

        @Override
        public long durablePoint() {
            return onDisk;
        }
    }

    private List<Path> journals() throws Exception {
        try (Stream<Path> s = Files.list(folder)) {
            return s.sorted().toList();
        }
    }

    @Test
    void aRotatedJournalIsRemovedOnceTheDiskHoldsTheCommitsBeforeItsRotation() throws Exception {
        Points db = new Points();
        try (Receipts receipts = Receipts.open(folder)) {
            receipts.record(receipt(1));
            Path first = receipts.file();
            db.committed = 10;
            db.onDisk = 10;
            assertThat(receipts.rotate(db)).as("none left waiting").isZero();
            assertThat(first).doesNotExist();
            receipts.record(receipt(2));
            assertThat(journals()).containsExactly(receipts.file());
            assertThat(Receipts.read(receipts.file())).containsExactly(receipt(2));
        }
    }

    @Test
    void aRotatedJournalStaysWhileTheDiskIsBehindTheCommitsBeforeItsRotation() throws Exception {
        Points db = new Points();
        try (Receipts receipts = Receipts.open(folder)) {
            receipts.record(receipt(1));
            Path first = receipts.file();
            db.committed = 10;
            db.onDisk = 9;
            assertThat(receipts.rotate(db)).isEqualTo(1);
            assertThat(Receipts.read(first)).containsExactly(receipt(1));
            receipts.record(receipt(2));
            db.committed = 20;
            db.onDisk = 12;
            assertThat(receipts.rotate(db))
                    .as("the first is proven, the second is not yet")
                    .isEqualTo(1);
            assertThat(first).doesNotExist();
            assertThat(journals()).hasSize(2).contains(receipts.file());
        }
        try (Receipts.Recovery recovery = Receipts.Recovery.take(folder)) {
            assertThat(recovery.receipts())
                    .as("what stays is read back at the next start")
                    .containsExactly(receipt(2));
        }
    }

    @Test
    void anEmptyJournalIsNotRotated() throws Exception {
        Points db = new Points();
        try (Receipts receipts = Receipts.open(folder)) {
            Path first = receipts.file();
            assertThat(receipts.rotate(db)).isZero();
            assertThat(receipts.file()).isEqualTo(first);
            assertThat(journals()).containsExactly(first);
        }
    }

    @Test
    void receiptsRecordedWhileJournalsRotateAreAllKept() throws Exception {
        Points db = new Points();
        db.committed = 1;
        List<Receipts.Receipt> written = java.util.stream.LongStream.rangeClosed(1, 300)
                .mapToObj(ReceiptsTest::receipt)
                .toList();
        ExecutorService writers = Executors.newFixedThreadPool(8);
        try (Receipts receipts = Receipts.open(folder)) {
            List<Future<Void>> done = new java.util.ArrayList<>();
            for (Receipts.Receipt r : written) {
                done.add(writers.submit(() -> {
                    receipts.record(r);
                    return null;
                }));
            }
            for (int i = 0; i < 20; i++) {
                receipts.rotate(db);
            }
            for (Future<Void> f : done) {
                f.get();
            }
        } finally {
            writers.shutdown();
        }
        try (Receipts.Recovery recovery = Receipts.Recovery.take(folder)) {
            assertThat(recovery.receipts()).containsExactlyInAnyOrderElementsOf(written);
        }
    }
}
