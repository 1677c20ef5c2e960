package io.rocedoctor.serve;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;

/**
 * API tokens {@code rdt_ID_SECRET}: ID names the row, the database keeps a BCrypt hash of the whole
 * token and never the token. A BCrypt check costs ~50 ms, so a verified token is remembered by its
 * sha256 for 15 minutes (revocation is still read from the row on every call, so remembering longer
 * lets nothing more in; remembered for a minute, the 8 clients of bench-serve spent 3% of the
 * service's CPU samples re-checking theirs, all at once each minute). An entry past its 15 minutes
 * is dropped when another is remembered and by the service's periodic sweep, so the map holds at
 * most the tokens checked in the last 15 minutes, not every token ever seen.
 */
public final class Tokens {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final long REMEMBER_MS = 15 * 60_000;
    private final Database db;
    private final BCryptPasswordEncoder bcrypt = new BCryptPasswordEncoder(10);
    private final ConcurrentHashMap<String, Long> verified = new ConcurrentHashMap<>();
    private final LongSupplier clock;

    public Tokens(Database db) {
        this(db, System::currentTimeMillis);
    }

    /** With the clock the remembered checks expire by (a test moves it). */
    Tokens(Database db, LongSupplier clock) {
        this.db = db;
        this.clock = clock;
    }

    /** A token just created: the text is shown once and never stored. */
    public record Created(String id, String token) {}

    public record Listed(String id, String role, String caseName, String label, long createdAt, Long revokedAt) {}

    public Created create(Principal.Role role, String caseName, String label) throws SQLException {
        if (role == Principal.Role.CUSTOMER && caseName == null) {
            throw new IllegalArgumentException("a customer token needs --case");
        }
        if (caseName != null) {
            CaseNames.check(caseName);
        }
        String id = random(9);
        String token = "rdt_" + id + "_" + random(32);
        try (Connection c = db.connection();
                PreparedStatement s = c.prepareStatement(
                        "INSERT INTO tokens (id, hash, role, case_name, label, created_at) VALUES (?, ?, ?, ?, ?, ?)")) {
            s.setString(1, id);
            s.setString(2, bcrypt.encode(token));
            s.setString(3, role.label());
            s.setString(4, role == Principal.Role.CUSTOMER ? caseName : null);
            s.setString(5, label);
            s.setLong(6, System.currentTimeMillis());
            s.executeUpdate();
        }
        return new Created(id, token);
    }

    /** The caller this token stands for, when it is well formed, known, not revoked and its secret matches. */
    public Optional<Principal> verify(String token) throws SQLException {
        if (token == null || !token.matches("rdt_[A-Za-z0-9_-]{12}_[A-Za-z0-9_-]{43}")) {
            return Optional.empty();
        }
        String id = token.substring(4, 16);
        try (Connection c = db.connection();
                PreparedStatement s = c.prepareStatement(
                        "SELECT hash, role, case_name FROM tokens WHERE id = ? AND revoked_at IS NULL")) {
            s.setString(1, id);
            try (ResultSet r = s.executeQuery()) {
                if (!r.next()) {
                    return Optional.empty();
                }
                String key = sha256(token);
                Long until = verified.get(key);
                long now = clock.getAsLong();
                if (until == null || until < now) {
                    if (!bcrypt.matches(token, r.getString(1))) {
                        return Optional.empty();
                    }
                    // Costs a pass over the map, next to the BCrypt check's ~50 ms.
                    forgetExpired();
                    verified.put(key, now + REMEMBER_MS);
                }
                return Optional.of(new Principal(id, Principal.Role.of(r.getString(2)), r.getString(3)));
            }
        }
    }

    /** Drops the remembered checks whose 15 minutes are over; returns how many are left. */
    int forgetExpired() {
        long now = clock.getAsLong();
        verified.values().removeIf(until -> until < now);
        return verified.size();
    }

    /** The principal of a token id (a browser session holds the id). */
    public Optional<Principal> byId(String id) throws SQLException {
        try (Connection c = db.connection();
                PreparedStatement s =
                        c.prepareStatement("SELECT role, case_name FROM tokens WHERE id = ? AND revoked_at IS NULL")) {
            s.setString(1, id);
            try (ResultSet r = s.executeQuery()) {
                return r.next()
                        ? Optional.of(new Principal(id, Principal.Role.of(r.getString(1)), r.getString(2)))
                        : Optional.empty();
            }
        }
    }

    public List<Listed> list() throws SQLException {
        List<Listed> all = new ArrayList<>();
        try (Connection c = db.connection();
                PreparedStatement s = c.prepareStatement(
                        "SELECT id, role, case_name, label, created_at, revoked_at FROM tokens ORDER BY created_at");
                ResultSet r = s.executeQuery()) {
            while (r.next()) {
                long revoked = r.getLong(6);
                all.add(new Listed(
                        r.getString(1),
                        r.getString(2),
                        r.getString(3),
                        r.getString(4),
                        r.getLong(5),
                        r.wasNull() ? null : revoked));
            }
        }
        return all;
    }

    /** Revokes a token; false when there is none of that id. Its sessions end with it. */
    public boolean revoke(String id) throws SQLException {
        try (Connection c = db.connection();
                PreparedStatement s =
                        c.prepareStatement("UPDATE tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL");
                PreparedStatement sessions = c.prepareStatement("DELETE FROM sessions WHERE token_id = ?")) {
            s.setLong(1, System.currentTimeMillis());
            s.setString(2, id);
            sessions.setString(1, id);
            sessions.executeUpdate();
            return s.executeUpdate() == 1;
        }
    }

    static String random(int bytes) {
        byte[] b = new byte[bytes];
        RANDOM.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    static String sha256(String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
