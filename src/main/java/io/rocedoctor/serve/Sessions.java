package io.rocedoctor.serve;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/** Browser sessions after a token login: the cookie is random, the database keeps its sha256, the token's id and a CSRF token. */
final class Sessions {
    private final Database db;

    Sessions(Database db) {
        this.db = db;
    }

    record Session(String tokenId, String csrf) {}

    /** A new session for this token; returns the cookie value. */
    String open(String tokenId, long lifetimeMs) throws SQLException {
        String cookie = Tokens.random(32);
        try (Connection c = db.connection();
                PreparedStatement s = c.prepareStatement(
                        "INSERT INTO sessions (id_hash, token_id, csrf, expires_at) VALUES (?, ?, ?, ?)")) {
            s.setString(1, Tokens.sha256(cookie));
            s.setString(2, tokenId);
            s.setString(3, Tokens.random(24));
            s.setLong(4, System.currentTimeMillis() + lifetimeMs);
            s.executeUpdate();
        }
        return cookie;
    }

    Optional<Session> find(String cookie) throws SQLException {
        if (cookie == null || cookie.length() != 43) {
            return Optional.empty();
        }
        try (Connection c = db.connection();
                PreparedStatement s = c.prepareStatement(
                        "SELECT token_id, csrf FROM sessions WHERE id_hash = ? AND expires_at > ?")) {
            s.setString(1, Tokens.sha256(cookie));
            s.setLong(2, System.currentTimeMillis());
            try (ResultSet r = s.executeQuery()) {
                return r.next() ? Optional.of(new Session(r.getString(1), r.getString(2))) : Optional.empty();
            }
        }
    }

    /** Deletes the sessions past their end (the service's periodic sweep); returns how many. */
    int sweep(long now) throws SQLException {
        try (Connection c = db.connection();
                PreparedStatement s = c.prepareStatement("DELETE FROM sessions WHERE expires_at < ?")) {
            s.setLong(1, now);
            return s.executeUpdate();
        }
    }

    void close(String cookie) throws SQLException {
        try (Connection c = db.connection();
                PreparedStatement s = c.prepareStatement("DELETE FROM sessions WHERE id_hash = ? OR expires_at < ?")) {
            s.setString(1, Tokens.sha256(cookie == null ? "" : cookie));
            s.setLong(2, System.currentTimeMillis());
            s.executeUpdate();
        }
    }
}
