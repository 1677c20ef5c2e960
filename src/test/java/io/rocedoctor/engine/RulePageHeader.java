package io.rocedoctor.engine;

import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.bundle.SwitchPlatform;
import io.rocedoctor.bundle.SwitchSourceKind;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The header line of a rule page (line 3 of docs/rules/ID.md), from the rule's annotations alone:
 * {@code Layer: irq · Default severity: high · Kind: counter · Sources: A or B; C with D}. Requirements
 * are separated by "; ", alternatives by " or ", kinds needed together by " with "; a kind is its first
 * command or file, each parameter in capitals ({@code ethtool -S IF}), a switch kind with its platform.
 */
final class RulePageHeader {
    /** How a page spells a template parameter: the name a reader of the man pages knows. */
    private static final Map<String, String> PARAMETERS = Map.ofEntries(
            Map.entry("if", "IF"),
            Map.entry("dev", "DEV"),
            Map.entry("port", "PORT"),
            Map.entry("bond", "BOND"),
            Map.entry("irq", "N"),
            Map.entry("cpu", "N"),
            Map.entry("prio", "P"),
            Map.entry("proto", "PROTO"),
            Map.entry("args", "ARGS"),
            Map.entry("rpparam", "PARAMETER"),
            Map.entry("npparam", "PARAMETER"));

    private static final Pattern PARAMETER = Pattern.compile("\\{([a-z]+)}");

    private RulePageHeader() {}

    static String of(RuleInfo rule) {
        return "Layer: " + rule.layer().label() + " · Default severity: "
                + rule.severity().label()
                + (rule.counter() ? " · Kind: counter" : "")
                + " · Sources: "
                + rule.requirements().stream()
                        .map(q -> q.alternatives().stream()
                                .map(all ->
                                        all.stream().map(RulePageHeader::source).collect(Collectors.joining(" with ")))
                                .collect(Collectors.joining(" or ")))
                        .collect(Collectors.joining("; "));
    }

    static String source(Enum<?> kind) {
        if (kind instanceof SwitchSourceKind s) {
            return platform(s.platform()) + " `" + spelled(s.templates().get(0)) + "`";
        }
        String template = ((SourceKind) kind).templates().get(0);
        return template.startsWith("{program}") ? "perftest output" : "`" + spelled(template) + "`";
    }

    private static String platform(SwitchPlatform p) {
        return switch (p) {
            case SONIC -> "SONiC";
            case CUMULUS_NVUE -> "NVUE";
            case ARISTA_EOS -> "EOS";
            case OTHER -> "the switch's";
        };
    }

    private static String spelled(String template) {
        Matcher m = PARAMETER.matcher(template);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String spelling = PARAMETERS.get(m.group(1));
            if (spelling == null) {
                throw new IllegalStateException("a source template's parameter {" + m.group(1)
                        + "} has no spelling for rule pages: add it to RulePageHeader.PARAMETERS");
            }
            m.appendReplacement(out, Matcher.quoteReplacement(spelling));
        }
        return m.appendTail(out).toString();
    }
}
