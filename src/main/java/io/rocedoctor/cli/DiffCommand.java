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

@Command(
        name = "diff",
        mixinStandardHelpOptions = true,
        description =
                "Compares two bundles of one host, before and after a step: findings gone, new and unchanged,"
                        + " and the measured figures that moved (perftest, pause, retransmission and discard rates, port shares).",
        footer = {
            "",
            "Examples:",
            "  roce-doctor diff fixtures/bundles/dual-port-hash-concentration fixtures/bundles/dual-port-hash-fixed",
            "  roce-doctor diff before.tar.gz after.tar.gz --format json",
            "",
            "Exit codes: 0 compared, 2 bad usage or unreadable bundle, 3 internal error."
        })
final class DiffCommand implements Callable<Integer> {

    enum Format {
        text,
        json
    }

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BEFORE", description = "The bundle captured before the change.")
    Path before;

    @Parameters(index = "1", paramLabel = "AFTER", description = "The bundle captured after it.")
    Path after;

    @Option(
            names = {"-f", "--format"},
            defaultValue = "text",
            description = "text or json (default: ${DEFAULT-VALUE}).")
    Format format;

    @CommandLine.Mixin
    DiagnosisOptions diagnosis;

    @Option(
            names = "--allow-different-hosts",
            description = "Compare bundles of two different hosts (refused otherwise).")
    boolean allowDifferentHosts;

    @Override
    public Integer call() throws BadInputException, BundleException {
        Analysis analysis = diagnosis.analysis(spec.commandLine().getErr());
        Analysis.Comparison compared = analysis.compare(before.toString(), before, after.toString(), after);
        if (!compared.sameHost() && !allowDifferentHosts) {
            throw new BadInputException(before + " is host " + compared.beforeHost() + ", " + after + " is host "
                    + compared.afterHost()
                    + ": diff compares one host before and after a change (--allow-different-hosts"
                    + " compares them anyway)");
        }
        BundleDiff diff = compared.diff();
        PrintWriter out = spec.commandLine().getOut();
        out.print(
                format == Format.json
                        ? json(diff, compared.beforeHost(), compared.afterHost())
                        : hosts(compared.beforeHost(), compared.afterHost()) + text(diff));
        out.flush();
        return Main.OK;
    }

    /** The diff's JSON with the two hosts first: {@code beforeHost}, {@code afterHost}. */
    private static String json(BundleDiff diff, String beforeHost, String afterHost) {
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode node = mapper.createObjectNode();
        node.put("beforeHost", beforeHost).put("afterHost", afterHost);
        node.setAll((com.fasterxml.jackson.databind.node.ObjectNode) mapper.valueToTree(diff));
        return new JsonRenderer().write(node);
    }

    private static String hosts(String before, String after) {
        return java.util.Objects.equals(before, after)
                ? "host " + before + "\n"
                : "hosts differ: " + before + " before, " + after + " after\n";
    }

    static String text(BundleDiff diff) {
        StringBuilder s = new StringBuilder("diff " + diff.before() + " -> " + diff.after() + "\n");
        findings(s, "gone", diff.gone());
        findings(s, "new", diff.appeared());
        findings(s, "unchanged", diff.unchanged());
        s.append("figures moved (").append(diff.moved().size()).append(")\n");
        for (BundleDiff.Moved m : diff.moved()) {
            s.append("  ")
                    .append(m.subject())
                    .append(' ')
                    .append(m.figure())
                    .append(": ")
                    .append(BundleDiff.shown(m.before(), m.unit()))
                    .append(" -> ")
                    .append(BundleDiff.shown(m.after(), m.unit()));
            if (m.before() != null && m.after() != null) {
                s.append(String.format(
                        Locale.ROOT,
                        " (%+.1f%s)",
                        m.after() - m.before(),
                        m.unit().equals("%") ? " points" : ""));
            }
            s.append('\n');
        }
        return s.toString();
    }

    private static void findings(StringBuilder s, String title, List<BundleDiff.FindingKey> keys) {
        s.append("findings ").append(title).append(" (").append(keys.size()).append(")\n");
        keys.forEach(k -> s.append("  ")
                .append(k.id())
                .append(" ")
                .append(k.subject())
                .append(" (")
                .append(k.severity())
                .append(")\n"));
    }
}
