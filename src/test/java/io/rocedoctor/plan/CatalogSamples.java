package io.rocedoctor.plan;

import io.rocedoctor.engine.Finding;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** The catalog as files, and a valid value of every parameter type, so tests can propose any action. */
final class CatalogSamples {
    static final Path FOLDER = Path.of("rules/actions");

    static final Map<ParameterType, String> VALID = Map.ofEntries(
            Map.entry(ParameterType.INTERFACE, "ens1f0np0"),
            Map.entry(ParameterType.IBDEV, "mlx5_0"),
            Map.entry(ParameterType.IRQ_LIST, "142,143"),
            Map.entry(ParameterType.IRQ_HANDLER, "mlx5_comp3@pci:0000:3b:00.0"),
            Map.entry(ParameterType.CPU_LIST, "24-27"),
            Map.entry(ParameterType.PRIORITY, "3"),
            Map.entry(ParameterType.PRIORITY_LIST, "3"),
            Map.entry(ParameterType.DSCP, "26"),
            Map.entry(ParameterType.TOS, "106"),
            Map.entry(ParameterType.INTEGER, "1"),
            Map.entry(ParameterType.SYSCTL_KEY, "net.core.busy_poll"),
            Map.entry(ParameterType.WORD, "layer2+3"),
            Map.entry(ParameterType.ROCE_MODE, "IB/RoCE v1"),
            Map.entry(ParameterType.SWITCH_NAME, "leaf-1"),
            Map.entry(ParameterType.SWITCH_PORT, "Ethernet0"),
            Map.entry(ParameterType.PCI_ADDRESS, "0000:3b:00.0"),
            Map.entry(ParameterType.PCI_SLOT, "0000:3b:00"),
            Map.entry(ParameterType.PLATFORM, "sonic"),
            Map.entry(ParameterType.HOST_NAME, "gpu-node-17"),
            Map.entry(ParameterType.MACHINE_ID, "0123456789abcdef0123456789abcdef"),
            Map.entry(ParameterType.IPV4_ADDRESS, "192.168.10.11"),
            Map.entry(ParameterType.IPV4_PREFIX, "192.168.10.0/24"));

    private CatalogSamples() {}

    static List<String> ids() throws IOException {
        try (Stream<Path> files = Files.list(FOLDER)) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".yaml"))
                    .map(n -> n.substring(0, n.length() - ".yaml".length()))
                    .sorted()
                    .toList();
        }
    }

    static ActionSpec read(String id) throws IOException {
        try (InputStream in = Files.newInputStream(FOLDER.resolve(id + ".yaml"))) {
            return ActionCatalog.parse(in, id);
        }
    }

    /** A finding proposing the action with a valid value for every parameter, {@code overrides} replacing some. */
    static Finding proposing(String findingId, String severity, ActionSpec spec, String... overrides) {
        List<String> params = new ArrayList<>();
        Map<String, String> given = new java.util.HashMap<>();
        for (int i = 0; i + 1 < overrides.length; i += 2) {
            given.put(overrides[i], overrides[i + 1]);
        }
        spec.parameters().forEach((name, type) -> {
            params.add(name);
            params.add(given.getOrDefault(
                    name, VALID.get(ParameterType.byLabel(type).orElseThrow())));
        });
        return Finding.of(findingId, "subject")
                .severity(severity)
                .action(spec.id(), params.toArray(String[]::new))
                .build();
    }
}
