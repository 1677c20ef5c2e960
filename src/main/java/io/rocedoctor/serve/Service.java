package io.rocedoctor.serve;

import io.javalin.Javalin;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.rocedoctor.bundle.ArchiveLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One running instance of {@code roce-doctor serve}: database, bundle store, queue and HTTP server. */
public final class Service implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Service.class);

    /** What {@code serve} was told. {@code retain} null keeps everything. */
    public record Settings(
            String host,
            int port,
            Path data,
            String dbUrl,
            Duration retain,
            Path tlsCert,
            Path tlsKey,
            long maxUploadBytes,
            int workers,
            Duration lease,
            Duration drain,
            ArchiveLimits limits) {
        public boolean tls() {
            return tlsCert != null;
        }
    }

    private final Settings settings;
    private final Database db;
    private final Receipts receipts;
    private final Store store;
    private final AnalysisQueue queue;
    private final PrometheusMeterRegistry metrics = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    /** The periodic sweeps: the receipt journal's rotation, ended sessions, retention. */
    private final ScheduledExecutorService housekeeping = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "roce-doctor-housekeeping");
        t.setDaemon(true);
        return t;
    });

    private final Tokens tokens;
    private final Sessions sessions;
    private final JvmGcMetrics gcMetrics = new JvmGcMetrics();
    private final Javalin http;
    private volatile boolean stopped;

    private Service(Settings settings) throws IOException {
        this.settings = settings;
        Files.createDirectories(settings.data());
        this.db = openRecovered(settings);
        this.receipts = Receipts.open(receiptFolder(settings));
        this.store = new Store(db);
        BlobStore blobs = new BlobStore(settings.data());
        BundleAnalyzer analyzer = new BundleAnalyzer(settings.limits());
        this.queue = new AnalysisQueue(store, blobs, analyzer, settings.workers(), settings.lease(), metrics);
        Gauge.builder("roce_doctor_queue_depth", store, s -> {
                    try {
                        return s.queueDepth();
                    } catch (java.sql.SQLException e) {
                        return Double.NaN;
                    }
                })
                .description("Bundles queued or being analysed")
                .register(metrics);
        // The heap by pool (its old generation: what survives collections) and the collections: flat memory is seen
        // there.
        new JvmMemoryMetrics().bindTo(metrics);
        gcMetrics.bindTo(metrics);
        this.tokens = new Tokens(db);
        this.sessions = new Sessions(db);
        Web web = new Web(settings, store, tokens, blobs, receipts, analyzer, queue, metrics, this::ready);
        this.http = web.create();
        analyzer.warmUp();
    }

    private static Path receiptFolder(Settings settings) {
        return settings.data().resolve("receipts");
    }

    /**
     * The database, once the uploads earlier runs acknowledged but whose rows it lost are back in it
     * (Receipts). A journal of receipts is removed only when the database, stored and opened again,
     * holds every one of them; until then it is read again at every start.
     */
    private static Database openRecovered(Settings settings) throws IOException {
        Database db = Database.open(settings.dbUrl(), settings.data());
        try (Receipts.Recovery recovery = Receipts.Recovery.take(receiptFolder(settings))) {
            if (recovery.isEmpty()) {
                return db;
            }
            Store store = new Store(db);
            int restored = 0;
            for (Receipts.Receipt r : recovery.receipts()) {
                if (!store.accountsFor(r)) {
                    store.restore(r);
                    LOG.warn(
                            "upload {} of case {} ({}) had lost its row: put back as queued",
                            r.id(),
                            r.caseName(),
                            r.fileName());
                    restored++;
                }
            }
            db.checkpoint();
            db.close();
            db = Database.open(settings.dbUrl(), settings.data());
            int removed = recovery.removeWhere(new Store(db)::accountsFor);
            LOG.info(
                    "receipts: {} journals read, {} uploads put back, {} journals removed",
                    recovery.journals(),
                    restored,
                    removed);
            return db;
        } catch (java.sql.SQLException | RuntimeException e) {
            db.close();
            throw new IOException("recovering the acknowledged uploads of " + receiptFolder(settings) + ": " + e, e);
        }
    }

    /** Starts serving: the queue resumes what a previous run left queued or half analysed. */
    public static Service start(Settings settings) throws IOException {
        return start(settings, Duration.ofMinutes(1));
    }

    /** Starts serving, with its {@link #sweep} every {@code sweepEvery} (a test's is shorter). */
    static Service start(Settings settings, Duration sweepEvery) throws IOException {
        Service s = new Service(settings);
        s.queue.start();
        s.http.start(settings.host(), settings.port());
        // sweep() and expire() log their own failures, so the schedules' futures have nothing to tell; close()
        // stops them.
        long every = sweepEvery.toMillis();
        var unusedSweep = s.housekeeping.scheduleWithFixedDelay(s::sweep, every, every, TimeUnit.MILLISECONDS);
        if (settings.retain() != null) {
            var unused = s.housekeeping.scheduleAtFixedRate(s::expire, 0, 1, TimeUnit.HOURS);
        }
        return s;
    }

    public int port() {
        return http.port();
    }

    public Store store() {
        return store;
    }

    public Tokens tokens() {
        return tokens;
    }

    AnalysisQueue queue() {
        return queue;
    }

    private boolean ready() {
        return !stopped;
    }

    /**
     * Every minute (by default): a new receipt journal, the ones before removed once their rows are on disk (a
     * journal holds ~200 bytes per upload); browser sessions past their end deleted; token checks
     * remembered past their 15 minutes forgotten.
     */
    void sweep() {
        // Each apart: a journal that cannot be proven stored (H2 opened by another process) stops no other sweep.
        try {
            receipts.rotate(db);
        } catch (IOException | java.sql.SQLException | RuntimeException e) {
            LOG.warn("receipt journal rotation: {}", e.toString());
        }
        try {
            sessions.sweep(System.currentTimeMillis());
        } catch (java.sql.SQLException | RuntimeException e) {
            LOG.warn("session sweep: {}", e.toString());
        }
        tokens.forgetExpired();
    }

    private void expire() {
        try {
            Web.expire(store, new BlobStore(settings.data()), settings.retain());
        } catch (IOException | java.sql.SQLException | RuntimeException e) {
            LOG.warn("retention: {}", e.toString());
        }
    }

    /** Graceful stop: no new request, the queue drains for up to {@code --drain}, then the database closes. */
    @Override
    public void close() {
        if (stopped) {
            return;
        }
        stopped = true;
        http.stop();
        queue.stop(settings.drain());
        // Not interrupted: an interrupt closes a FileChannel it is using (ClosedByInterruptException).
        housekeeping.shutdown();
        try {
            // A sweep under way finishes with the database it uses.
            housekeeping.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        gcMetrics.close();
        db.close();
        try {
            receipts.close();
        } catch (IOException e) {
            LOG.warn("closing the receipt journal: {}", e.toString());
        }
    }
}
