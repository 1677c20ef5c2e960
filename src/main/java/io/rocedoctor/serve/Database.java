package io.rocedoctor.serve;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import org.flywaydb.core.Flyway;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.MVStore;

/**
 * The service's database: H2 in file mode under the data folder unless a JDBC URL is given
 * (PostgreSQL for a team). Flyway brings either to the one schema in {@code db/migration}.
 */
public final class Database implements AutoCloseable, Receipts.Durability {
    private final HikariDataSource pool;
    private final boolean postgres;

    private Database(HikariDataSource pool, boolean postgres) {
        this.pool = pool;
        this.postgres = postgres;
    }

    /**
     * Opens (and migrates) the database. The embedded one is H2 with AUTO_SERVER, so that
     * {@code serve token create} can reach it while a server holds it open, and WRITE_DELAY=0: H2
     * otherwise writes commits to its file up to 500 ms later, and an acknowledged upload must survive a kill.
     */
    public static Database open(String url, Path data) {
        String jdbc = url != null
                ? url
                : "jdbc:h2:file:" + data.toAbsolutePath().resolve("db").resolve("roce-doctor")
                        + ";AUTO_SERVER=TRUE;WRITE_DELAY=0";
        if (!jdbc.startsWith("jdbc:h2:") && !jdbc.startsWith("jdbc:postgresql:")) {
            throw new IllegalArgumentException("--db must be a jdbc:postgresql:// or jdbc:h2: URL, not '" + jdbc + "'");
        }
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(jdbc);
        config.setMaximumPoolSize(12);
        config.setPoolName("roce-doctor");
        config.setAutoCommit(true);
        HikariDataSource pool = new HikariDataSource(config);
        try {
            Flyway.configure(Database.class.getClassLoader())
                    .dataSource(pool)
                    .locations("classpath:io/rocedoctor/serve/db/migration")
                    .load()
                    .migrate();
        } catch (RuntimeException e) {
            pool.close();
            throw e;
        }
        return new Database(pool, jdbc.startsWith("jdbc:postgresql:"));
    }

    public Connection connection() throws SQLException {
        return pool.getConnection();
    }

    /**
     * Writes and fsyncs every commit to the file, on H2, while nothing else writes (the recovery of
     * receipts before the service starts: MVStore skips a store while another one runs).
     */
    void checkpoint() throws SQLException {
        if (!postgres) {
            try (Connection c = connection();
                    java.sql.Statement s = c.createStatement()) {
                s.execute("CHECKPOINT SYNC");
            }
        }
    }

    /**
     * A point in the database's history after every commit that returned before this call: on H2
     * the MVStore version whose store first takes in those commits (a store increments the version,
     * then collects the maps' roots, so one numbered above the version read here collects them
     * after they were made), on PostgreSQL the WAL's insert position (their commit records lie
     * before it). {@link #durablePoint} says when the disk holds it.
     */
    @Override
    public long commitPoint() throws SQLException {
        try (Connection c = connection()) {
            if (postgres) {
                return walPosition(c, "pg_current_wal_insert_lsn()");
            }
            return mvStore(c).getCurrentVersion() + 1;
        }
    }

    /**
     * The point up to which commits are on disk now: every {@link #commitPoint} at or below it is
     * durable. On H2: a store is asked for (MVStore.commit; it may instead wait for one another
     * thread runs), the version of the last chunk written to the file is read, then the file is
     * fsynced, so that chunk and all before it are on the disk (FileStore sets its last chunk only
     * after writing it). A point beyond it waits for a later store: the next commit of any change.
     * On PostgreSQL: the WAL's flush position (with synchronous_commit=off, commits return before
     * their WAL is flushed; the WAL writer flushes it within a few wal_writer_delay).
     */
    @Override
    public long durablePoint() throws SQLException {
        try (Connection c = connection()) {
            if (postgres) {
                return walPosition(c, "pg_current_wal_flush_lsn()");
            }
            MVStore store = mvStore(c);
            store.commit();
            long written = store.getFileStore().lastChunkVersion();
            store.sync();
            return written;
        }
    }

    private static long walPosition(Connection c, String function) throws SQLException {
        try (java.sql.Statement s = c.createStatement();
                java.sql.ResultSet r = s.executeQuery("SELECT (" + function + " - '0/0'::pg_lsn)::bigint")) {
            r.next();
            return r.getLong(1);
        }
    }

    /** The H2 store under a connection of this process (not one served to another: AUTO_SERVER). */
    private static MVStore mvStore(Connection c) throws SQLException {
        if (c.unwrap(JdbcConnection.class).getSession() instanceof SessionLocal local) {
            return local.getDatabase().getStore().getMvStore();
        }
        throw new SQLException(
                "the database is opened by another process: its commits' place on disk is not known here");
    }

    /** PostgreSQL skips rows other instances hold; H2 has one process writing its file. */
    boolean postgres() {
        return postgres;
    }

    @Override
    public void close() {
        pool.close();
    }
}
