package io.rocedoctor.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Browser sessions past their end are deleted by the sweep, not only when someone logs out. */
class SessionsTest {
    @TempDir
    Path data;

    private Database db;
    private Sessions sessions;
    private String tokenId;

    @BeforeEach
    void open() throws Exception {
        db = Database.open(null, data);
        sessions = new Sessions(db);
        tokenId =
                new Tokens(db).create(Principal.Role.ENGINEER, null, "browser").id();
    }

    @AfterEach
    void close() {
        db.close();
    }

    private long rows() throws Exception {
        try (Connection c = db.connection();
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT COUNT(*) FROM sessions")) {
            r.next();
            return r.getLong(1);
        }
    }

    @Test
    void theSweepDeletesTheSessionsPastTheirEndAndKeepsTheOthers() throws Exception {
        String ended = sessions.open(tokenId, 1_000);
        String live = sessions.open(tokenId, 3_600_000);
        long now = System.currentTimeMillis();
        assertThat(sessions.sweep(now + 2_000)).isEqualTo(1);
        assertThat(rows()).isEqualTo(1);
        assertThat(sessions.find(live)).isPresent();
        assertThat(sessions.find(ended)).isEmpty();
    }

    @Test
    void theSweepLeavesASessionStillWithinItsLifetime() throws Exception {
        sessions.open(tokenId, 60_000);
        assertThat(sessions.sweep(System.currentTimeMillis())).isZero();
        assertThat(rows()).isEqualTo(1);
    }

    @Test
    void theRunningServiceSweepsEndedSessionsWithoutALogout() throws Exception {
        db.close();
        try (ServeHarness serve = ServeHarness.start(data, null, 1L << 20, 0, java.time.Duration.ofMillis(100))) {
            db = serve.service.store().db();
            Sessions running = new Sessions(db);
            String token = serve.service
                    .tokens()
                    .create(Principal.Role.ENGINEER, null, "x")
                    .id();
            running.open(token, 1);
            String live = running.open(token, 3_600_000);
            long until = System.currentTimeMillis() + 20_000;
            while (rows() > 1 && System.currentTimeMillis() < until) {
                Thread.sleep(50);
            }
            assertThat(rows()).as("the ended session swept, the live one kept").isEqualTo(1);
            assertThat(running.find(live)).isPresent();
        }
        db = Database.open(null, data);
    }
}
