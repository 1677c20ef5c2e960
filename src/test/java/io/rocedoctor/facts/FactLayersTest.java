package io.rocedoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.BundleReader;
import io.rocedoctor.bundle.CaptureKind;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.bundle.SwitchSourceKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The fact layers declare what they read, consume and produce; FactBuilder orders them from the
 * declarations, and a layer can take and add only what it declared.
 */
class FactLayersTest {

    /** A layer that declares and does nothing: only its declaration is ordered. */
    private record Declared(FactLayer declaration) implements LayerFacts {
        @Override
        public void addTo(HostContext host, BuiltFacts facts) {}
    }

    private static LayerFacts layer(String name, Set<Class<?>> consumes, Set<Class<?>> produces) {
        return new Declared(new FactLayer(name, Set.of(), consumes, produces));
    }

    @Test
    void everyLayerComesAfterTheProducersOfWhatItConsumes() {
        List<FactLayer> layers = FactBuilder.layers();
        assertThat(layers.get(0).name()).isEqualTo("skeleton");
        for (int i = 1; i < layers.size(); i++) {
            FactLayer layer = layers.get(i);
            for (Class<?> type : layer.consumes()) {
                String what = layer.name() + " consumes " + type.getSimpleName();
                assertThat(layers.subList(i + 1, layers.size()))
                        .as(what)
                        .noneMatch(l -> l.produces().contains(type));
                assertThat(layers.subList(0, i))
                        .as(what)
                        .anyMatch(l -> l.produces().contains(type));
            }
        }
    }

    @Test
    void theOrderFollowsTheDeclarationsNotTheListing() {
        LayerFacts first = layer("a-reads-b", Set.of(RdmaDevice.class), Set.of(PortGids.class));
        LayerFacts second = layer("b", Set.of(), Set.of(RdmaDevice.class));
        List<String> names = LayerOrder.of(FactBuilder.SKELETON, List.of(first, second)).stream()
                .map(l -> l.declaration().name())
                .toList();
        assertThat(names).containsExactly("b", "a-reads-b");
        // Free to go in any order, layers are taken by name: the same order on every run.
        assertThat(LayerOrder.of(
                                FactBuilder.SKELETON,
                                List.of(
                                        layer("y", Set.of(Port.class), Set.of(PortGids.class)),
                                        layer("x", Set.of(Port.class), Set.of(RoceMtu.class))))
                        .stream()
                        .map(l -> l.declaration().name()))
                .containsExactly("x", "y");
    }

    @Test
    void layersWaitingOnEachOtherAreACycle() {
        LayerFacts a = layer("a", Set.of(RoceMtu.class), Set.of(PortGids.class));
        LayerFacts b = layer("b", Set.of(PortGids.class), Set.of(RoceMtu.class));
        assertThatThrownBy(() -> LayerOrder.of(FactBuilder.SKELETON, List.of(a, b)))
                .hasMessage("fact layers wait on each other: [a after [b], b after [a]]");
    }

    @Test
    void aConsumedTypeNobodyProducesIsAMissingProducer() {
        LayerFacts a = layer("a", Set.of(RoceMtu.class), Set.of(PortGids.class));
        assertThatThrownBy(() -> LayerOrder.of(FactBuilder.SKELETON, List.of(a)))
                .hasMessage("the a layer consumes RoceMtu facts, which no layer produces");
        // The skeleton's types need no layer.
        assertThat(LayerOrder.of(FactBuilder.SKELETON, List.of(layer("a", Set.of(Port.class), Set.of(PortGids.class)))))
                .hasSize(1);
    }

    @Test
    void aLayerTakesAndAddsOnlyTheTypesItDeclared() {
        FactList all = new FactList();
        all.add(new Bond("bond0", "802.3ad", "layer3+4", List.of("a", "b")));
        BuiltFacts facts =
                new BuiltFacts(all, new FactLayer("test", Set.of(), Set.of(Bond.class), Set.of(RoceMtu.class)));
        assertThat(facts.of(Bond.class)).hasSize(1);
        assertThatThrownBy(() -> facts.of(Port.class))
                .hasMessage("the test layer reads Port facts but does not declare it consumes them");
        assertThatThrownBy(() -> facts.add(new Bond("bond1", "802.3ad", null, List.of())))
                .hasMessage("the test layer adds Bond facts but does not declare it produces them");
        assertThat(all.all()).hasSize(1);
    }

    /** A parsed kind no layer reads would be collected for nothing: it is declared recognisedOnly instead. */
    @Test
    void theLayersReadExactlyTheKindsThatHaveAParser() {
        Set<String> read = new TreeSet<>();
        FactBuilder.layers().forEach(l -> l.reads().forEach(k -> read.add(k.name())));
        Set<String> parsed = new TreeSet<>();
        Stream.concat(Stream.of(SourceKind.values()), Stream.of(SwitchSourceKind.values()))
                .map(CaptureKind.class::cast)
                .filter(k -> k.parser().isPresent())
                .forEach(k -> parsed.add(k.name()));
        assertThat(read).isEqualTo(parsed);
    }

    /**
     * Kinds a layer declares that no fixture bundle holds in the form that makes the layer ask:
     * ibdev2netdev where it only places a capture named by RDMA device ({@code mlxlink -d mlx5_0}; the
     * fixtures name PCI functions). The test fails when a fixture makes one of them asked, too.
     */
    private static final Map<String, Set<String>> NOT_IN_ANY_FIXTURE =
            Map.of("qos", Set.of("IBDEV2NETDEV"), "physical", Set.of("IBDEV2NETDEV"));

    /**
     * What each layer's code asks the ledger for (parses or expects), over every fixture bundle, is
     * what its declaration says it reads: an undeclared kind escapes the rules' {@code @sources}
     * check, a declared kind no fixture makes it ask for is a declaration nothing backs.
     */
    @Test
    void eachLayerAsksForExactlyTheKindsItDeclaresItReads() throws Exception {
        Map<String, Set<String>> asked = new TreeMap<>();
        for (Path dir : fixtureBundles()) {
            try (Bundle b = new BundleReader().read(dir)) {
                new FactBuilder()
                        .build(b)
                        .ledger()
                        .kindsAskedBy()
                        .forEach((layer, kinds) -> kinds.forEach(k -> asked.computeIfAbsent(layer, x -> new TreeSet<>())
                                .add(name(k))));
            }
        }
        List<String> wrong = new ArrayList<>();
        for (FactLayer layer : FactBuilder.layers()) {
            Set<String> declared = new TreeSet<>();
            layer.reads().forEach(k -> declared.add(name((Enum<?>) k)));
            Set<String> used = asked.getOrDefault(layer.name(), Set.of());
            Set<String> undeclared = new TreeSet<>(used);
            undeclared.removeAll(declared);
            Set<String> unused = new TreeSet<>(declared);
            unused.removeAll(used);
            if (!undeclared.isEmpty()) {
                wrong.add(layer.name() + " asks for " + undeclared + " without declaring it reads them");
            }
            if (!unused.equals(NOT_IN_ANY_FIXTURE.getOrDefault(layer.name(), Set.of()))) {
                wrong.add(layer.name() + " declares " + unused + ", which no fixture makes it ask for");
            }
        }
        // The recording reaches the layers: the RDMA layer asked for its inventory on the RoCE fixtures.
        assertThat(asked.get("rdma")).contains("SHOW_GIDS");
        assertThat(wrong).isEmpty();
    }

    /** The native fixture bundles and the sysinfo-snapshot ones. */
    private static List<Path> fixtureBundles() throws java.io.IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(Path.of("fixtures/bundles"))) {
            out.addAll(s.sorted().toList());
        }
        try (Stream<Path> s = Files.walk(Path.of("fixtures/sysinfo-snapshot"), 2)) {
            s.filter(p -> p.getFileName().toString().startsWith("sysinfo-snapshot-"))
                    .sorted()
                    .forEach(out::add);
        }
        return out;
    }

    private static String name(Enum<?> kind) {
        return (kind instanceof SwitchSourceKind ? "switch:" : "") + kind.name();
    }
}
