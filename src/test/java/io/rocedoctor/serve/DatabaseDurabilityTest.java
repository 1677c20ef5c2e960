package io.rocedoctor.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The points a rotated receipt journal is removed by: a commit point read after a commit is reached
 * by the durable point once the disk holds that commit, on H2 (a later store, then fsync) and on
 * PostgreSQL (the WAL flushed past it).
 */
class DatabaseDurabilityTest {
    @TempDir
    Path data;

    private static void write(Database db, String label) throws Exception {
        new Tokens(db).create(Principal.Role.ENGINEER, null, label);
    }

    @Test
    void onH2ACommitIsProvenOnDiskOnceAStoreAfterItsPointWasWrittenAndSynced() throws Exception {
        try (Database db = Database.open(null, data)) {
            write(db, "first");
            long point = db.commitPoint();
            write(db, "second");
            assertThat(db.durablePoint()).isGreaterThanOrEqualTo(point);
        }
    }

    @Test
    void onH2APointIsNotProvenBeforeAnyStoreAfterIt() throws Exception {
        try (Database db = Database.open(null, data)) {
            write(db, "first");
            long point = db.commitPoint();
            // Each commit was stored as it returned (WRITE_DELAY=0): nothing left to store, no chunk after the point.
            assertThat(db.durablePoint()).isLessThan(point);
        }
    }

    @Test
    void onPostgresqlACommitIsProvenOnceTheWalIsFlushedPastIt() throws Exception {
        Assumptions.assumeTrue(
                ServeHarness.postgresAvailable(),
                "skipped: no PostgreSQL for the tests (.ci/run starts one and sets " + ServeHarness.PG_ENV + ")");
        try (Database db = Database.open(ServeHarness.freshPostgresDatabase(), data)) {
            write(db, "first");
            long point = db.commitPoint();
            long until = System.currentTimeMillis() + 10_000;
            while (db.durablePoint() < point && System.currentTimeMillis() < until) {
                Thread.sleep(50);
            }
            assertThat(db.durablePoint()).isGreaterThanOrEqualTo(point);
        }
    }
}
