package io.rocedoctor.serve;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.rocedoctor.bundle.ArchiveExtractor;
import io.rocedoctor.bundle.BundleException;
import io.rocedoctor.facts.Nic;
import io.rocedoctor.report.Report;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The analysis queue, kept in the database: a worker claims the oldest queued bundle (or one whose
 * analysis lease ran out: its instance died) with {@code SELECT ... FOR UPDATE SKIP LOCKED} on
 * PostgreSQL, so several instances share one queue; the claim is a conditional update on both
 * databases, so two workers never hold one bundle. While analysing, the lease is renewed; the result
 * is committed only under the claim that started it, so a bundle is analysed to completion once.
 */
public final class AnalysisQueue implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(AnalysisQueue.class);

    private final Store store;
    private final BlobStore blobs;
    private final BundleAnalyzer analyzer;
    private final Duration lease;
    private final String instance = "instance-" + UUID.randomUUID();
    private final List<Thread> workers = new ArrayList<>();
    private final Semaphore wake = new Semaphore(0);
    private final Map<Long, String> held = new ConcurrentHashMap<>();
    private final Map<Long, Waiting> waiting = new ConcurrentHashMap<>();
    private final ScheduledExecutorService renewer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "roce-doctor-lease");
        t.setDaemon(true);
        return t;
    });
    private final Timer doneTimer;
    private final Timer failedTimer;
    private volatile boolean claiming = true;
    private volatile long drainUntil = Long.MAX_VALUE;

    public AnalysisQueue(
            Store store,
            BlobStore blobs,
            BundleAnalyzer analyzer,
            int workerCount,
            Duration lease,
            MeterRegistry metrics) {
        this.store = store;
        this.blobs = blobs;
        this.analyzer = analyzer;
        this.lease = lease;
        this.doneTimer = analysisTimer("done", metrics);
        this.failedTimer = analysisTimer("failed", metrics);
        for (int i = 0; i < workerCount; i++) {
            Thread t = new Thread(this::work, "roce-doctor-analysis-" + i);
            workers.add(t);
        }
    }

    /**
     * Claim to committed result, as a histogram: its cumulative buckets give the quantiles of any
     * span, and of several instances together (Prometheus' histogram_quantile); scripts/bench-serve.sh
     * reads those of its latency phase. (The p50 and p99 the timer published before covered its last
     * two minutes, whatever ran in them; Prometheus has no quantiles on a histogram.)
     */
    private static Timer analysisTimer(String outcome, MeterRegistry metrics) {
        return Timer.builder("roce_doctor_analysis")
                .tag("outcome", outcome)
                .publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofMillis(5))
                .maximumExpectedValue(Duration.ofMinutes(5))
                .description("Time from claim to committed result, server-side")
                .register(metrics);
    }

    public void start() {
        long every = Math.max(200, lease.toMillis() / 3);
        renewer.scheduleAtFixedRate(this::renew, every, every, TimeUnit.MILLISECONDS);
        workers.forEach(Thread::start);
    }

    /** A bundle was queued here: a sleeping worker looks now rather than at its next poll. */
    public void wake() {
        wake.release();
    }

    /**
     * The clients waiting for one bundle's result: {@code stored} completes when a worker of this
     * instance has stored it (done or failed). The entry goes when the result is stored or when its
     * last waiter leaves, whichever is first: a bundle finished by another instance, or not finished
     * within the wait, leaves nothing behind.
     */
    static final class Waiting {
        final CompletableFuture<Void> stored = new CompletableFuture<>();
        /** Changed only inside the map's compute functions, which hold the entry. */
        private int waiters;
    }

    /**
     * Joins the waiters of a bundle's result. Join before reading the bundle's state, so that a
     * result stored after that read completes {@code stored}; {@link #leave} when done waiting.
     */
    Waiting await(long id) {
        return waiting.compute(id, (k, w) -> {
            Waiting joined = w == null ? new Waiting() : w;
            joined.waiters++;
            return joined;
        });
    }

    /** One waiter is done: the last one removes the entry (unless the result came first and removed it). */
    void leave(long id, Waiting w) {
        waiting.computeIfPresent(id, (k, current) -> current != w || --current.waiters > 0 ? current : null);
    }

    /** How many bundles have clients waiting for their result here. */
    int awaited() {
        return waiting.size();
    }

    /** The bundle's result is stored: whoever waits for it is answered. */
    private void settled(long id) {
        Waiting w = waiting.remove(id);
        if (w != null) {
            w.stored.complete(null);
        }
    }

    private void work() {
        while (true) {
            if (!claiming
                    && (System.currentTimeMillis() > drainUntil
                            || Thread.currentThread().isInterrupted())) {
                return;
            }
            try {
                Optional<Claim> claim = claim();
                if (claim.isPresent()) {
                    process(claim.get());
                } else if (!claiming) {
                    return;
                } else {
                    wake.tryAcquire(500, TimeUnit.MILLISECONDS);
                }
            } catch (InterruptedException e) {
                return;
            } catch (SQLException | RuntimeException e) {
                LOG.warn("analysis queue: {}", e.toString());
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException stop) {
                    return;
                }
            }
        }
    }

    record Claim(long id, String sha256, String token) {}

    Optional<Claim> claim() throws SQLException {
        long now = System.currentTimeMillis();
        try (Connection c = store.db().connection()) {
            c.setAutoCommit(false);
            String pick =
                    "SELECT id, sha256 FROM bundles WHERE state = 'queued' OR (state = 'analysing' AND lease_until < ?)"
                            + " ORDER BY id FETCH FIRST 1 ROWS ONLY FOR UPDATE"
                            + (store.db().postgres() ? " SKIP LOCKED" : "");
            long id;
            String sha;
            try (PreparedStatement s = c.prepareStatement(pick)) {
                s.setLong(1, now);
                try (ResultSet r = s.executeQuery()) {
                    if (!r.next()) {
                        c.commit();
                        return Optional.empty();
                    }
                    id = r.getLong(1);
                    sha = r.getString(2);
                }
            }
            String token = instance + "/" + UUID.randomUUID();
            try (PreparedStatement s = c.prepareStatement(
                    "UPDATE bundles SET state = 'analysing', claim = ?, lease_until = ?, attempts = attempts + 1"
                            + " WHERE id = ? AND (state = 'queued' OR (state = 'analysing' AND lease_until < ?))")) {
                s.setString(1, token);
                s.setLong(2, now + lease.toMillis());
                s.setLong(3, id);
                s.setLong(4, now);
                if (s.executeUpdate() != 1) {
                    c.rollback();
                    return Optional.empty();
                }
            }
            c.commit();
            held.put(id, token);
            return Optional.of(new Claim(id, sha, token));
        }
    }

    private void process(Claim claim) throws SQLException {
        long start = System.nanoTime();
        try {
            Path file = blobs.path(claim.sha256());
            if (!present(file)) {
                fail(claim, "the stored bundle is missing from the data folder");
                return;
            }
            BundleAnalyzer.Result result;
            try {
                result = analyzer.analyse(file);
            } catch (BundleException e) {
                fail(claim, ArchiveExtractor.printable(e.getMessage().replace(file.toString(), "bundle")));
                failedTimer.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
                return;
            } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
                LOG.error("analysis of bundle {} failed", claim.id(), e);
                fail(claim, whyFailed(e, Runtime.getRuntime().maxMemory()));
                failedTimer.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
                return;
            }
            long ms = (System.nanoTime() - start) / 1_000_000;
            if (commit(claim, result, ms)) {
                doneTimer.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
            }
        } finally {
            held.remove(claim.id());
            settled(claim.id());
        }
    }

    /**
     * Why an analysis that threw is failed, as its uploader reads it. Out of memory is the bundle's
     * size against the heap the service was given (an archive is expanded in memory): the analysis's
     * memory is free again once it is abandoned, and the operator can give the service more.
     */
    static String whyFailed(Throwable e, long heapBytes) {
        if (e instanceof OutOfMemoryError) {
            return "the bundle needs more memory to analyse than this service is given (a heap of " + (heapBytes >> 20)
                    + " MB, shared by its analyses at once); its operator can raise it; the bundle is kept";
        }
        return "internal error while analysing (" + e.getClass().getSimpleName() + "); the bundle is kept";
    }

    /**
     * The stored file, waiting a moment for it: retention moves a file aside before asking the
     * database a second time, and gives it back when an upload of that content committed meanwhile.
     */
    private static boolean present(Path file) {
        for (int tries = 0; tries < 20 && !Files.isRegularFile(file); tries++) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return Files.isRegularFile(file);
    }

    /** Stores the result under the claim; false when the claim was lost (its lease ran out and another took it). */
    private boolean commit(Claim claim, BundleAnalyzer.Result result, long ms) throws SQLException {
        try (Connection c = store.db().connection()) {
            c.setAutoCommit(false);
            try (PreparedStatement s = c.prepareStatement(
                    "UPDATE bundles SET state = 'done', reason = NULL, claim = NULL, lease_until = NULL,"
                            + " analysed_at = ?, analysis_ms = ?, host = ?, worst_severity = ? WHERE id = ? AND claim = ? AND state = 'analysing'")) {
                s.setLong(1, System.currentTimeMillis());
                s.setLong(2, ms);
                s.setString(3, clip(result.host(), 255));
                s.setString(4, result.worstSeverity());
                s.setLong(5, claim.id());
                s.setString(6, claim.token());
                if (s.executeUpdate() != 1) {
                    c.rollback();
                    return false;
                }
            }
            try (PreparedStatement s =
                    c.prepareStatement("INSERT INTO reports (bundle_id, format, body) VALUES (?, ?, ?)")) {
                s.setLong(1, claim.id());
                s.setString(2, StoredReport.STORED);
                s.setString(3, result.reportJson());
                s.executeUpdate();
            }
            try (PreparedStatement s = c.prepareStatement(
                    "INSERT INTO findings (bundle_id, rule_id, severity, subject, title) VALUES (?, ?, ?, ?, ?)")) {
                for (Report.ReportFinding f : result.findings()) {
                    s.setLong(1, claim.id());
                    s.setString(2, clip(f.id(), 64));
                    s.setString(3, f.severity());
                    s.setString(4, clip(f.subject(), 255));
                    s.setString(5, clip(f.title(), 500));
                    s.addBatch();
                }
                s.executeBatch();
            }
            try (PreparedStatement s = c.prepareStatement(
                    "INSERT INTO nics (bundle_id, nic, model, driver, firmware) VALUES (?, ?, ?, ?, ?)")) {
                for (Nic n : result.nics()) {
                    s.setLong(1, claim.id());
                    s.setString(2, clip(n.id(), 64));
                    s.setString(3, clip(n.model(), 255));
                    s.setString(4, clip(n.driver(), 64));
                    s.setString(5, clip(n.firmware(), 128));
                    s.addBatch();
                }
                s.executeBatch();
            }
            c.commit();
            return true;
        }
    }

    private void fail(Claim claim, String reason) throws SQLException {
        try (Connection c = store.db().connection();
                PreparedStatement s = c.prepareStatement(
                        "UPDATE bundles SET state = 'failed', reason = ?, claim = NULL, lease_until = NULL, analysed_at = ?"
                                + " WHERE id = ? AND claim = ? AND state = 'analysing'")) {
            s.setString(1, clip(reason, 2000));
            s.setLong(2, System.currentTimeMillis());
            s.setLong(3, claim.id());
            s.setString(4, claim.token());
            s.executeUpdate();
        }
    }

    private void renew() {
        if (held.isEmpty()) {
            return;
        }
        try (Connection c = store.db().connection();
                PreparedStatement s =
                        c.prepareStatement("UPDATE bundles SET lease_until = ? WHERE id = ? AND claim = ?")) {
            for (Map.Entry<Long, String> h : held.entrySet()) {
                s.setLong(1, System.currentTimeMillis() + lease.toMillis());
                s.setLong(2, h.getKey());
                s.setString(3, h.getValue());
                s.executeUpdate();
            }
        } catch (SQLException e) {
            LOG.warn("analysis lease renewal: {}", e.toString());
        }
    }

    private static String clip(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max);
    }

    /**
     * Drains: no new claim after {@code drain} has passed, the analyses under way finish, and bundles
     * still queued then stay queued for the next start.
     */
    public void stop(Duration drain) {
        drainUntil = System.currentTimeMillis() + drain.toMillis();
        claiming = false;
        wake.release(workers.size());
        for (Thread t : workers) {
            try {
                t.join(drain.toMillis() + 60_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        renewer.shutdownNow();
    }

    @Override
    public void close() {
        stop(Duration.ZERO);
    }
}
