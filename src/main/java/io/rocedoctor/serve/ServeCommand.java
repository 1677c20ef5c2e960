package io.rocedoctor.serve;

import io.rocedoctor.cli.ArchiveLimitOptions;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code roce-doctor serve}: the triage service. Its classes (Javalin, Jetty, H2, Flyway) load
 * only when this command runs; Main builds this command's model only for {@code serve} and help.
 */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        description = {
            "Runs the triage service: customers and engineers upload bundles to cases over HTTP, each is analysed "
                    + "once in the background and its report kept in every format.",
            "API under /api/v1 (Bearer tokens), pages at /."
        },
        subcommands = {ServeCommand.TokenCommand.class},
        footer = {
            "",
            "Examples:",
            "  roce-doctor serve --data ./rd-data",
            "  roce-doctor serve token create --data ./rd-data --role engineer",
            "  roce-doctor serve token create --data ./rd-data --role customer --case SR-20431",
            "  roce-doctor serve --data /srv/rd --db jdbc:postgresql://db/rd?user=rd --listen 0.0.0.0:8443 --tls-cert c.pem --tls-key k.pem --retain 90d",
            "",
            "Exit codes: 0 stopped, 2 bad usage, 3 internal error."
        })
public final class ServeCommand implements Callable<Integer> {
    private static final Pattern LISTEN = Pattern.compile("(\\[[0-9a-fA-F:.]+]|[A-Za-z0-9.-]+):([0-9]{1,5})");
    private static final Pattern DAYS = Pattern.compile("([0-9]{1,5})(d|h|m|s)");
    private static final Pattern SIZE = Pattern.compile("([0-9]{1,12})([KMG]?)");

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--listen",
            defaultValue = "127.0.0.1:8080",
            paramLabel = "HOST:PORT",
            description = "Where to listen (default: ${DEFAULT-VALUE}).")
    String listen;

    @Option(
            names = "--data",
            defaultValue = "./rd-data",
            paramLabel = "DIR",
            description = "The data folder: stored bundles and the embedded database (default: ${DEFAULT-VALUE}).")
    Path data;

    @Option(
            names = "--db",
            paramLabel = "JDBC-URL",
            description =
                    "A PostgreSQL database (jdbc:postgresql://HOST/DB?user=U&password=P) instead of the embedded one.")
    String db;

    @Option(
            names = "--retain",
            paramLabel = "DURATION",
            description = "Delete the bundles and reports of cases closed longer ago than this, such as 90d.")
    String retain;

    @Option(
            names = "--tls-cert",
            paramLabel = "PEM",
            description = "Serve HTTPS with this certificate chain (with --tls-key).")
    Path tlsCert;

    @Option(names = "--tls-key", paramLabel = "PEM", description = "The certificate's unencrypted PKCS#8 private key.")
    Path tlsKey;

    @Option(
            names = "--max-upload",
            defaultValue = "512M",
            paramLabel = "SIZE",
            description = "The largest upload accepted (default: ${DEFAULT-VALUE}).")
    String maxUpload;

    @Option(
            names = "--workers",
            defaultValue = "2",
            paramLabel = "N",
            description = "Bundles analysed at once by this instance (default: ${DEFAULT-VALUE}).")
    int workers;

    @Option(
            names = "--analysis-lease",
            defaultValue = "30s",
            paramLabel = "DURATION",
            description =
                    "How long an instance holds a bundle without renewing before another may take it over (default: ${DEFAULT-VALUE}).")
    String lease;

    @Option(
            names = "--drain",
            defaultValue = "30s",
            paramLabel = "DURATION",
            description = "On stop, how long to go on analysing queued bundles (default: ${DEFAULT-VALUE}).")
    String drain;

    @CommandLine.Mixin
    ArchiveLimitOptions archiveLimits;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        Matcher m = LISTEN.matcher(listen);
        if (!m.matches() || Integer.parseInt(m.group(2)) > 65535) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--listen must be HOST:PORT, such as 127.0.0.1:8080, not '" + listen + "'");
        }
        if ((tlsCert == null) != (tlsKey == null)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--tls-cert and --tls-key go together");
        }
        String host = m.group(1).replaceAll("^\\[|]$", "");
        Service.Settings settings = new Service.Settings(
                host,
                Integer.parseInt(m.group(2)),
                data,
                db,
                retain == null ? null : duration("--retain", retain),
                tlsCert,
                tlsKey,
                size("--max-upload", maxUpload),
                workers,
                duration("--analysis-lease", lease),
                duration("--drain", drain),
                limits());
        clearTextWarning(listen, host, settings.tls()).ifPresent(err::println);
        CountDownLatch stopped = new CountDownLatch(1);
        Service service = Service.start(settings);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            service.close();
                            stopped.countDown();
                        },
                        "roce-doctor-stop"));
        err.println("roce-doctor: serving on " + (settings.tls() ? "https" : "http") + "://" + listen + " (port "
                + service.port() + "), data in " + data.toAbsolutePath()
                + (db == null ? " (embedded database)" : " (database " + redact(db) + ")"));
        err.flush();
        stopped.await();
        return 0;
    }

    private io.rocedoctor.bundle.ArchiveLimits limits() {
        try {
            return archiveLimits.limits();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private static String redact(String url) {
        return url.replaceAll("(?i)(password=)[^&]*", "$1***");
    }

    /** The warning for a service that others can reach while tokens and bundles travel in clear. */
    static java.util.Optional<String> clearTextWarning(String listen, String host, boolean tls) {
        if (tls || loopback(host)) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of("roce-doctor: warning: listening on " + listen
                + " without TLS: tokens and bundles cross the network in clear;"
                + " give --tls-cert and --tls-key, or listen on 127.0.0.1 behind a TLS proxy");
    }

    static boolean loopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    Duration duration(String option, String text) {
        Matcher m = DAYS.matcher(text.trim());
        if (!m.matches()) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    option + " must be a number with d, h, m or s, such as 90d, not '" + text + "'");
        }
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "d" -> Duration.ofDays(n);
            case "h" -> Duration.ofHours(n);
            case "m" -> Duration.ofMinutes(n);
            default -> Duration.ofSeconds(n);
        };
    }

    long size(String option, String text) {
        Matcher m = SIZE.matcher(text.trim());
        if (!m.matches()) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), option + " must be a size such as 512M, not '" + text + "'");
        }
        int shift = switch (m.group(2)) {
            case "K" -> 10;
            case "M" -> 20;
            case "G" -> 30;
            default -> 0;
        };
        return Long.parseLong(m.group(1)) << shift;
    }

    @Command(
            name = "token",
            mixinStandardHelpOptions = true,
            description = "Creates, lists and revokes API tokens (also while the service runs).",
            subcommands = {TokenCreate.class, TokenList.class, TokenRevoke.class})
    static final class TokenCommand {}

    static class TokenDatabase {
        @Option(
                names = "--data",
                defaultValue = "./rd-data",
                paramLabel = "DIR",
                description = "The service's data folder (default: ${DEFAULT-VALUE}).")
        Path data;

        @Option(
                names = "--db",
                paramLabel = "JDBC-URL",
                description = "The service's PostgreSQL database, when it runs on one.")
        String db;

        Database open() throws java.io.IOException {
            java.nio.file.Files.createDirectories(data);
            return Database.open(db, data);
        }
    }

    @Command(
            name = "create",
            mixinStandardHelpOptions = true,
            description = "Creates a token and prints it, once, as the last word.")
    static final class TokenCreate implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @CommandLine.Mixin
        TokenDatabase where;

        @Option(names = "--role", required = true, paramLabel = "ROLE", description = "customer, engineer or admin.")
        String role;

        @Option(
                names = "--case",
                paramLabel = "CASE",
                description = "The one case a customer token may see and upload to.")
        String caseName;

        @Option(names = "--label", paramLabel = "TEXT", description = "Who holds the token, for the token list.")
        String label;

        @Override
        public Integer call() throws Exception {
            Principal.Role r;
            try {
                r = Principal.Role.of(role);
                if (r != Principal.Role.CUSTOMER && caseName != null) {
                    throw new IllegalArgumentException(
                            "--case is for customer tokens: an " + r.label() + " token sees every case");
                }
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
            try (Database db = where.open()) {
                Tokens.Created created;
                try {
                    created = new Tokens(db).create(r, caseName, label);
                } catch (IllegalArgumentException e) {
                    throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
                }
                spec.commandLine()
                        .getOut()
                        .println("created " + r.label() + " token " + created.id()
                                + (caseName == null ? "" : " for case " + caseName) + " (shown once, keep it): "
                                + created.token());
                spec.commandLine().getOut().flush();
            }
            return 0;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "Lists the tokens (never their secrets).")
    static final class TokenList implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @CommandLine.Mixin
        TokenDatabase where;

        @Override
        public Integer call() throws Exception {
            try (Database db = where.open()) {
                for (Tokens.Listed t : new Tokens(db).list()) {
                    spec.commandLine()
                            .getOut()
                            .printf(
                                    "%s %-8s %-16s %s%s%n",
                                    t.id(),
                                    t.role(),
                                    t.caseName() == null ? "-" : t.caseName(),
                                    t.label() == null ? "" : t.label(),
                                    t.revokedAt() == null ? "" : " (revoked)");
                }
                spec.commandLine().getOut().flush();
            }
            return 0;
        }
    }

    @Command(
            name = "revoke",
            mixinStandardHelpOptions = true,
            description = "Revokes a token by its id; its sessions end.")
    static final class TokenRevoke implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @CommandLine.Mixin
        TokenDatabase where;

        @CommandLine.Parameters(paramLabel = "ID")
        String id;

        @Override
        public Integer call() throws Exception {
            try (Database db = where.open()) {
                if (!new Tokens(db).revoke(id)) {
                    throw new CommandLine.ParameterException(spec.commandLine(), "no token " + id);
                }
                spec.commandLine().getOut().println("revoked " + id);
                spec.commandLine().getOut().flush();
            }
            return 0;
        }
    }
}
