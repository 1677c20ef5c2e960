package io.rocedoctor.collect;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The {@code manifest.yaml} of a capture, written as docs/bundle-format.md shows it: one flow mapping
 * per sample and per capture, strings double-quoted (valid YAML whatever a command printed).
 * The shell collector writes the same keys in the same order.
 */
final class ManifestYaml {

    /** One command run or file copied: {@code path} null when nothing was captured, {@code exit} null for a file. */
    record Entry(String source, int sample, String path, Integer exit, long millis, String error) {}

    private ManifestYaml() {}

    static String render(
            String host,
            String machine,
            String collector,
            List<Instant> samples,
            List<Entry> captures,
            List<String> redacted,
            Inventory inventory) {
        StringBuilder y = new StringBuilder();
        y.append("format: 1\n");
        y.append("host: ").append(quote(host)).append('\n');
        if (machine != null) {
            y.append("machine: ").append(quote(machine)).append('\n');
        }
        y.append("collected_at: ")
                .append(samples.get(0).truncatedTo(ChronoUnit.SECONDS))
                .append('\n');
        y.append("collector: ").append(quote(collector)).append('\n');
        y.append("samples:\n");
        for (int n = 0; n < samples.size(); n++) {
            y.append("  - {n: ")
                    .append(n)
                    .append(", at: ")
                    .append(samples.get(n).truncatedTo(ChronoUnit.MILLIS))
                    .append("}\n");
        }
        y.append("captures:\n");
        for (Entry e : captures) {
            y.append("  - {source: ")
                    .append(quote(e.source()))
                    .append(", sample: ")
                    .append(e.sample())
                    .append(", path: ")
                    .append(e.path() == null ? "null" : quote(e.path()));
            if (e.exit() != null) {
                y.append(", exit: ").append(e.exit());
            }
            y.append(", millis: ").append(e.millis());
            if (e.error() != null) {
                y.append(", error: ").append(quote(e.error()));
            }
            y.append("}\n");
        }
        y.append("redacted: ")
                .append(list(redacted.stream().map(ManifestYaml::quote).toList()))
                .append('\n');
        y.append("discovered:\n");
        y.append("  rdma_devices: ")
                .append(list(inventory.rdmaDevices().stream()
                        .map(d -> quote(d.name()))
                        .toList()))
                .append('\n');
        y.append("  netdevs: ")
                .append(list(
                        inventory.netdevs().stream().map(ManifestYaml::quote).toList()))
                .append('\n');
        y.append("  bonds: ")
                .append(list(inventory.bonds().stream().map(ManifestYaml::quote).toList()))
                .append('\n');
        y.append("  irqs: ")
                .append(list(inventory.irqs().stream().map(String::valueOf).toList()))
                .append('\n');
        y.append("  numa_nodes: ")
                .append(list(inventory.numaNodes().stream().map(String::valueOf).toList()))
                .append('\n');
        return y.toString();
    }

    private static String list(List<String> items) {
        return items.stream().collect(Collectors.joining(", ", "[", "]"));
    }

    /** A YAML double-quoted scalar: backslash, quote and control characters escaped. */
    static String quote(String s) {
        StringBuilder q = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> q.append("\\\"");
                case '\\' -> q.append("\\\\");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        q.append(String.format("\\x%02x", (int) c));
                    } else {
                        q.append(c);
                    }
                }
            }
        }
        return q.append('"').toString();
    }
}
