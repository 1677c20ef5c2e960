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
}
