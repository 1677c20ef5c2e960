package io.rocedoctor.cli;

import io.rocedoctor.bundle.BundleException;
import io.rocedoctor.plan.BundleDiff;
import io.rocedoctor.report.JsonRenderer;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "diff", mixinStandardHelpOptions = true,
        description = "Compares two bundles of one host, before and after a step: findings gone, new and unchanged,"
                + " and the measured figures that moved (perftest, pause, retransmission and discard rates, port shares).",
        footer = {"", "Examples:",
                "  roce-doctor diff fixtures/bundles/dual-port-hash-concentration fixtures/bundles/dual-port-hash-fixed",
                "  roce-doctor diff before.tar.gz after.tar.gz --format json",
                "", "Exit codes: 0 compared, 2 bad usage or unreadable bundle, 3 internal error."})
final class DiffCommand implements Callable<Integer> {

    enum Format { text, json }

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BEFORE", description = "The bundle captured before the change.")
    Path before;

    @Parameters(index = "1", paramLabel = "AFTER", description = "The bundle captured after it.")
    Path after;

    @Option(names = "--format", defaultValue = "text", description = "text or json (default: ${DEFAULT-VALUE}).")
    Format format;

    @CommandLine.Mixin
    DiagnosisOptions diagnosis;

    @Override
    public Integer call() throws BadInputException, BundleException {
        Analysis analysis = diagnosis.analysis(spec.commandLine().getErr());
        BundleDiff diff = analysis.diff(before.toString(), before, after.toString(), after);
        PrintWriter out = spec.commandLine().getOut();
        out.print(format == Format.json ? new JsonRenderer().write(diff) : text(diff));
        out.flush();
        return Main.OK;
    }

    static String text(BundleDiff diff) {
        StringBuilder s = new StringBuilder("diff " + diff.before() + " -> " + diff.after() + "\n");
        findings(s, "gone", diff.gone());
        findings(s, "new", diff.appeared());
        findings(s, "unchanged", diff.unchanged());
        s.append("figures moved (").append(diff.moved().size()).append(")\n");
        for (BundleDiff.Moved m : diff.moved()) {
            s.append("  ").append(m.subject()).append(' ').append(m.figure()).append(": ")
                    .append(BundleDiff.shown(m.before(), m.unit())).append(" -> ").append(BundleDiff.shown(m.after(), m.unit()));
            if (m.before() != null && m.after() != null) {
                s.append(String.format(Locale.ROOT, " (%+.1f%s)", m.after() - m.before(), m.unit().equals("%") ? " points" : ""));
            }
            s.append('\n');
        }
        return s.toString();
    }

    private static void findings(StringBuilder s, String title, List<BundleDiff.FindingKey> keys) {
        s.append("findings ").append(title).append(" (").append(keys.size()).append(")\n");
        keys.forEach(k -> s.append("  ").append(k.id()).append(" ").append(k.subject()).append(" (").append(k.severity()).append(")\n"));
    }

}
