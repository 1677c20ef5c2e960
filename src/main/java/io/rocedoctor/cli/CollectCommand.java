package io.rocedoctor.cli;

import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.collect.BundleUpload;
import io.rocedoctor.collect.Collector;
import io.rocedoctor.report.ReportBuilder;
import io.rocedoctor.serve.CaseNames;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "collect",
        mixinStandardHelpOptions = true,
        description = {
            "Captures this host into a bundle: RDMA devices, netdevs, bonds, their interrupts and NUMA nodes, "
                    + "with the counters sampled twice.",
            "Runs read-only commands only, each with a timeout; a missing tool, device or permission is recorded "
                    + "in the manifest and never stops the capture."
        },
        footer = {
            "",
            "Examples:",
            "  roce-doctor collect --out /tmp/$(hostname)-roce.tar.gz",
            "  roce-doctor collect --out b.tar.gz --interval 30s --samples 3 --redact",
            "  roce-doctor collect --out b.tar.gz --only lscpu,proc-interrupts,ethtool-stats",
            "  ROCE_DOCTOR_TOKEN=rdt_... roce-doctor collect --upload https://triage.example:8080 --case SR-20431"
        })
final class CollectCommand implements Callable<Integer> {
    private static final Pattern DURATION = Pattern.compile("([0-9]{1,6})(ms|s|m)?");
    static final String TOKEN_ENV = "ROCE_DOCTOR_TOKEN";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = {"-o", "--out"},
            paramLabel = "FILE.tar.gz",
            description = "Where to write the bundle.")
    Path out;

    @Option(
            names = "--interval",
            defaultValue = "10s",
            paramLabel = "DURATION",
            description = "Time between two samples of the counters: 10s, 500ms, 2m (default: ${DEFAULT-VALUE}).")
    String interval;

    @Option(
            names = "--samples",
            defaultValue = "2",
            paramLabel = "N",
            description = "Samples of the counters, 1 to 100 (default: ${DEFAULT-VALUE}).")
    int samples;

    @Option(
            names = "--redact",
            description =
                    "Replace host names, IPv4/IPv6 and MAC addresses, GUIDs and serial numbers by consistent tokens.")
    boolean redact;

    @Option(
            names = "--only",
            split = ",",
            paramLabel = "SOURCE",
            description =
                    "Take only these kinds of source, such as lscpu, proc-interrupts, ethtool-stats (see --list-sources).")
    List<String> only;

    @Option(
            names = "--timeout",
            defaultValue = "30s",
            paramLabel = "DURATION",
            description = "The longest one command or file read may take (default: ${DEFAULT-VALUE}).")
    String timeout;

    @Option(names = "--list-sources", description = "Print the kinds of source and their commands, then exit.")
    boolean listSources;

    @Option(
            names = "--upload",
            paramLabel = "URL",
            description =
                    "Send the bundle to a roce-doctor serve at URL (such as http://triage:8080); without --out it is written to a"
                            + " temporary folder and removed once the service has it, kept when the upload fails.")
    URI upload;

    @Option(
            names = "--case",
            paramLabel = "CASE",
            description = "With --upload: the case the bundle belongs to, such as SR-20431.")
    String caseName;

    @Option(
            names = "--token",
            paramLabel = "TOKEN",
            description = "With --upload: the service's API token (default: the environment variable " + TOKEN_ENV
                    + ", which other users cannot read in the process list).")
    String token;

    @Option(
            names = "--ca-cert",
            paramLabel = "FILE",
            description = "With an https:// --upload: trust only the CA certificates in this PEM file (a private CA,"
                    + " or the service's own certificate) instead of the system's.")
    Path caCert;

    @Override
    public Integer call() throws IOException, BadInputException {
        PrintWriter err = spec.commandLine().getErr();
        if (listSources) {
            for (SourceKind k : SourceKind.values()) {
                spec.commandLine()
                        .getOut()
                        .printf("%-24s %s%n", name(k), k.templates().get(0));
            }
            spec.commandLine().getOut().flush();
            return Main.OK;
        }
        Duration every = duration("--interval", interval);
        Duration limit = duration("--timeout", timeout);
        Set<SourceKind> kinds = kinds(only);
        if (samples < 1 || samples > 100) {
            throw new BadInputException("--samples must be between 1 and 100, not " + samples);
        }
        if (limit.isZero()) {
            throw new BadInputException("--timeout must be more than 0");
        }
        String uploadToken = uploadToken();
        SSLContext tls = uploadTrust();
        boolean temporary = out == null && upload != null;
        if (temporary) {
            out = Files.createTempDirectory("roce-doctor-collect")
                    .resolve("roce-bundle-"
                            + DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT)
                                    .withZone(ZoneOffset.UTC)
                                    .format(Instant.now())
                            + ".tar.gz");
        }
        if (out == null) {
            throw new BadInputException("collect needs --out FILE.tar.gz, or --upload URL");
        }
        Path parent = out.toAbsolutePath().getParent();
        if (!out.getFileName().toString().matches("(?i).+\\.(tar\\.gz|tgz)")
                || parent == null
                || !Files.isDirectory(parent)) {
            throw new BadInputException(
                    "--out must name a .tar.gz or .tgz file in an existing folder, not '" + out + "'");
        }
        boolean terminal = System.console() != null;
        Collector.Progress progress = new Collector.Progress() {
            @Override
            public void phase(String line) {
                err.print((terminal ? "\r\033[K" : "") + "roce-doctor: " + line + "\n");
                err.flush();
            }

            @Override
            public void tick(String line) {
                if (terminal) {
                    err.print("\r\033[K" + line);
                    err.flush();
                }
            }
        };
        Collector.Settings settings =
                new Collector.Settings(every, samples, redact, kinds, limit, "roce-doctor " + ReportBuilder.VERSION);
        Collector.Result result = new Collector(Path.of("/"), settings, progress).collect(out);
        progress.phase("wrote " + result.bundle() + ": " + result.captures() + " captures, " + result.failed()
                + " not taken (see manifest.yaml)"
                + (result.inventory().rdmaDevices().isEmpty() ? "; no RDMA device found" : ""));
        if (upload != null) {
            send(result.bundle(), uploadToken, tls, temporary, progress);
        }
        return Main.OK;
    }

    /** The TLS trust --ca-cert names, read before anything is captured; null for the system's. */
    private SSLContext uploadTrust() throws BadInputException {
        if (caCert == null) {
            return null;
        }
        if (!"https".equals(upload.getScheme())) {
            throw new BadInputException("--ca-cert goes with an https:// --upload, not " + upload);
        }
        try {
            return BundleUpload.trusting(caCert);
        } catch (BundleUpload.Failed e) {
            throw new BadInputException(e.getMessage());
        }
    }

    /** The token for --upload, checked with the other upload options before anything is captured. */
    private String uploadToken() throws BadInputException {
        if (upload == null) {
            if (caseName != null || token != null || caCert != null) {
                throw new BadInputException("--case, --token and --ca-cert go with --upload URL");
            }
            return null;
        }
        if (!("http".equals(upload.getScheme()) || "https".equals(upload.getScheme()))
                || upload.getHost() == null
                || upload.getQuery() != null
                || upload.getFragment() != null) {
            throw new BadInputException(
                    "--upload must be the service's http:// or https:// address, such as http://triage:8080, not '"
                            + upload + "'");
        }
        if (caseName == null || !CaseNames.valid(caseName)) {
            throw new BadInputException("--upload needs --case CASE: " + CaseNames.RULE
                    + (caseName == null ? "" : ", not '" + caseName + "'"));
        }
        String t = token != null ? token : System.getenv(TOKEN_ENV);
        if (t == null || t.isBlank()) {
            throw new BadInputException(
                    "--upload needs the service's token: --token TOKEN or the environment variable " + TOKEN_ENV);
        }
        return t.trim();
    }

    private void send(Path bundle, String uploadToken, SSLContext tls, boolean temporary, Collector.Progress progress)
            throws BadInputException, IOException {
        BundleUpload.Acknowledged ack;
        try {
            ack = BundleUpload.send(upload, caseName, uploadToken, bundle, tls);
        } catch (BundleUpload.Failed e) {
            throw new BadInputException(e.getMessage() + "; the bundle is kept in " + bundle
                    + " (send it again, or attach it to the case)");
        }
        if (temporary) {
            Files.delete(bundle);
            Files.delete(bundle.getParent());
        }
        progress.phase("uploaded to case " + caseName + " as bundle " + ack.id()
                + (ack.duplicate() ? " (the case already had it)" : "") + ", " + ack.status() + "; its state: "
                + ack.statusUrl());
    }

    /** A kind's name on the command line: {@code PROC_INTERRUPTS} is {@code proc-interrupts}. */
    static String name(SourceKind kind) {
        return kind.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static Set<SourceKind> kinds(List<String> names) throws BadInputException {
        if (names == null || names.isEmpty()) {
            return EnumSet.allOf(SourceKind.class);
        }
        Set<SourceKind> kinds = EnumSet.noneOf(SourceKind.class);
        for (String n : names) {
            String wanted = n.trim().toLowerCase(Locale.ROOT).replace('_', '-');
            SourceKind kind = Arrays.stream(SourceKind.values())
                    .filter(k -> name(k).equals(wanted))
                    .findFirst()
                    .orElseThrow(() -> new BadInputException("--only: no source kind '" + n + "'; known: "
                            + String.join(
                                    ", ",
                                    Arrays.stream(SourceKind.values())
                                            .map(CollectCommand::name)
                                            .toList())));
            kinds.add(kind);
        }
        return kinds;
    }

    private static Duration duration(String option, String text) throws BadInputException {
        Matcher m = DURATION.matcher(text.trim());
        if (!m.matches()) {
            throw new BadInputException(option + " must be a number with ms, s or m, such as 10s, not '" + text + "'");
        }
        long n = Long.parseLong(m.group(1));
        return m.group(2) == null || m.group(2).equals("s")
                ? Duration.ofSeconds(n)
                : m.group(2).equals("ms") ? Duration.ofMillis(n) : Duration.ofMinutes(n);
    }
}
