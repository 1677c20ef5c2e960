package io.rocedoctor.serve;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import org.flywaydb.core.Flyway;

/**
 * The service's database: H2 in file mode under the data folder unless a JDBC URL is given
 * (PostgreSQL for a team). Flyway brings either to the one schema in {@code db/migration}.
 */
public final class Database implements AutoCloseable {
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

    /** PostgreSQL skips rows other instances hold; H2 has one process writing its file. */
    boolean postgres() {
        return postgres;
    }

    @Override
    public void close() {
        pool.close();
    }
}
