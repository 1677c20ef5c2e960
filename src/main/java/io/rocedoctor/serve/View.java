package io.rocedoctor.serve;

import io.rocedoctor.plan.BundleDiff;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** What the page templates print: times in UTC, figures as the CLI's diff prints them. */
public final class View {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private View() {}

    public static String time(Long epochMs) {
        return epochMs == null ? "" : TIME.format(Instant.ofEpochMilli(epochMs));
    }

    /**
     * The NIC models of a fleet that run more than one firmware or driver across its hosts: what a
     * support engineer looks at first when one host of several misbehaves.
     */
    public static Set<String> mixedFirmware(List<Store.HostRow> hosts) {
        Map<String, Set<String>> versions = new TreeMap<>();
        for (Store.HostRow h : hosts) {
            for (Store.NicRow n : h.nics()) {
                if (n.model() != null) {
                    versions.computeIfAbsent(n.model(), k -> new HashSet<>()).add(n.firmware() + " " + n.driver());
                }
            }
        }
        Set<String> mixed = new TreeSet<>();
        versions.forEach((model, seen) -> {
            if (seen.size() > 1) {
                mixed.add(model);
            }
        });
        return mixed;
    }

    public record DiffPart(String title, List<BundleDiff.FindingKey> keys) {}

    public static List<DiffPart> diffParts(BundleDiff diff) {
        return List.of(
                new DiffPart("gone", diff.gone()),
                new DiffPart("new", diff.appeared()),
                new DiffPart("unchanged", diff.unchanged()));
    }
}
