package io.rocedoctor.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The remembered token checks: kept 15 minutes, then dropped, so the map holds only recent ones. */
class TokensTest {
    private static final long MINUTE = 60_000;

    @TempDir
    Path data;

    private final AtomicLong now = new AtomicLong(1_700_000_000_000L);
    private Database db;
    private Tokens tokens;

    @BeforeEach
    void open() {
        db = Database.open(null, data);
        tokens = new Tokens(db, now::get);
    }

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void aCheckPastItsFifteenMinutesIsDroppedWhenAnotherTokenIsChecked() throws Exception {
        String first = tokens.create(Principal.Role.ENGINEER, null, "first").token();
        String second = tokens.create(Principal.Role.ENGINEER, null, "second").token();
        assertThat(tokens.verify(first)).isPresent();
        now.addAndGet(16 * MINUTE);
        assertThat(tokens.verify(second)).isPresent();
        assertThat(tokens.forgetExpired())
                .as("only the second check is remembered")
                .isEqualTo(1);
    }

    @Test
    void aCheckWithinItsFifteenMinutesIsKept() throws Exception {
        String first = tokens.create(Principal.Role.ENGINEER, null, "first").token();
        String second = tokens.create(Principal.Role.ENGINEER, null, "second").token();
        assertThat(tokens.verify(first)).isPresent();
        now.addAndGet(14 * MINUTE);
        assertThat(tokens.verify(second)).isPresent();
        assertThat(tokens.forgetExpired()).isEqualTo(2);
    }

    @Test
    void thePeriodicSweepDropsExpiredChecksWithoutAnotherLogin() throws Exception {
        String token = tokens.create(Principal.Role.ADMIN, null, "one").token();
        assertThat(tokens.verify(token)).isPresent();
        now.addAndGet(15 * MINUTE + 1);
        assertThat(tokens.forgetExpired()).isZero();
        assertThat(tokens.verify(token))
                .as("checked again with BCrypt, still valid")
                .isPresent();
    }
}
