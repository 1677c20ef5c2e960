package io.rocedoctor.engine;

import io.rocedoctor.bundle.SourceKind;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * A catalog rule's metadata, read from its DRL annotations: layer, default severity, one-line
 * summary, the sources it needs, and whether it reads counters (which the audit profile does not
 * evaluate). Each requirement is a set of source kinds of which any one will do
 * ({@code @sources("PROC_INTERRUPTS NETDEV_NUMA_NODE|LSPCI")}).
 */
public record RuleInfo(String id, String layer, String severity, String summary, List<Set<SourceKind>> requirements,
                       boolean counter) {
    public RuleInfo {
        requirements = List.copyOf(requirements);
    }

    /** Parses the {@code @sources} annotation; an unknown kind name is a build-breaking mistake. */
    public static List<Set<SourceKind>> requirements(String declared) {
        List<Set<SourceKind>> out = new ArrayList<>();
        for (String requirement : declared.strip().split("[\\s,]+")) {
            if (requirement.isEmpty()) {
                continue;
            }
            Set<SourceKind> any = EnumSet.noneOf(SourceKind.class);
            for (String k : requirement.split("\\|")) {
                any.add(SourceKind.valueOf(k));
            }
            out.add(any);
        }
        return out;
    }
}
