package io.rocedoctor.engine;

import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.bundle.SwitchSourceKind;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A catalog rule's metadata, read from its DRL annotations: layer, default severity, one-line
 * summary, the sources it needs, and whether it reads counters (which the audit profile does not
 * evaluate). Each requirement (space-separated) is met by any one of its alternatives ({@code |}),
 * and an alternative by all of its kinds ({@code +}):
 * {@code @sources("PROC_INTERRUPTS NETDEV_NUMA_NODE|LSPCI MLNX_QOS|DCB_PFC+DCB_APP")}. A kind is a host
 * {@link SourceKind} or, with the prefix {@code switch:}, a {@link SwitchSourceKind} met by any switch
 * dump of the bundle ({@code switch:SONIC_PFCWD_CONFIG|switch:NVUE_INTERFACE_PFC_WATCHDOG}).
 */
public record RuleInfo(
        String id,
        RuleLayer layer,
        Severity severity,
        String summary,
        List<Requirement> requirements,
        boolean counter) {
    private static final String SWITCH = "switch:";

    public RuleInfo {
        requirements = List.copyOf(requirements);
    }

    /** One requirement: any of its alternatives, each a set of kinds all needed. */
    public record Requirement(List<Set<Enum<?>>> alternatives) {
        public Requirement {
            alternatives = List.copyOf(alternatives);
        }

        public boolean metBy(Set<? extends Enum<?>> usable) {
            for (Set<Enum<?>> all : alternatives) { // a loop: asked for every rule of every bundle
                if (usable.containsAll(all)) {
                    return true;
                }
            }
            return false;
        }
    }

    /** Parses the {@code @sources} annotation; an unknown kind name is a build-breaking mistake. */
    public static List<Requirement> requirements(String declared) {
        List<Requirement> out = new ArrayList<>();
        for (String requirement : declared.strip().split("[\\s,]+")) {
            if (requirement.isEmpty()) {
                continue;
            }
            List<Set<Enum<?>>> alternatives = new ArrayList<>();
            for (String alternative : requirement.split("\\|")) {
                Set<Enum<?>> all = new LinkedHashSet<>();
                for (String k : alternative.split("\\+")) {
                    all.add(
                            k.startsWith(SWITCH)
                                    ? SwitchSourceKind.valueOf(k.substring(SWITCH.length()))
                                    : SourceKind.valueOf(k));
                }
                alternatives.add(all);
            }
            out.add(new Requirement(alternatives));
        }
        return out;
    }
}
