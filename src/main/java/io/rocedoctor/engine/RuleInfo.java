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
 * evaluate). Each requirement is a set of source kinds of which any one will do
 * ({@code @sources("PROC_INTERRUPTS NETDEV_NUMA_NODE|LSPCI")}). A kind is a host {@link SourceKind} or,
 * with the prefix {@code switch:}, a {@link SwitchSourceKind} met by any switch dump of the bundle
 * ({@code switch:SONIC_PFCWD_CONFIG|switch:NVUE_INTERFACE_PFC_WATCHDOG}).
 */
public record RuleInfo(String id, String layer, String severity, String summary, List<Set<Enum<?>>> requirements,
                       boolean counter) {
    private static final String SWITCH = "switch:";

    public RuleInfo {
        requirements = List.copyOf(requirements);
    }

    /** Parses the {@code @sources} annotation; an unknown kind name is a build-breaking mistake. */
    public static List<Set<Enum<?>>> requirements(String declared) {
        List<Set<Enum<?>>> out = new ArrayList<>();
        for (String requirement : declared.strip().split("[\\s,]+")) {
            if (requirement.isEmpty()) {
                continue;
            }
            Set<Enum<?>> any = new LinkedHashSet<>();
            for (String k : requirement.split("\\|")) {
                any.add(k.startsWith(SWITCH) ? SwitchSourceKind.valueOf(k.substring(SWITCH.length())) : SourceKind.valueOf(k));
            }
            out.add(any);
        }
        return out;
    }
}
