package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.bundle.CaptureKind;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.bundle.SwitchSourceKind;
import java.io.IOException;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The registries ({@link SourceKind}, {@link SwitchSourceKind}) name the parser of every kind of
 * capture: each kind is read by a parser whose real-format Javadoc sample reads into the record the
 * kind declares, or says why it is only recognised; and every parser in {@code parse} is some
 * kind's, so no parser is reached by tests alone.
 */
class SourceRegistryTest {

    private static List<CaptureKind> kinds() {
        return Stream.concat(Stream.of(SourceKind.values()), Stream.of(SwitchSourceKind.values()))
                .map(CaptureKind.class::cast)
                .toList();
    }

    @Test
    void everyKindIsParsedOrSaysWhyItIsOnlyRecognised() {
        for (CaptureKind kind : kinds()) {
            if (kind.parser().isPresent()) {
                assertThat(kind.spec().unreadBecause()).as(kind.name()).isEmpty();
                assertThat(kind.spec().record()).as(kind.name()).isNotEqualTo(Void.class);
            } else {
                assertThat(kind.spec().unreadBecause())
                        .as(kind.name())
                        .hasValueSatisfying(why -> assertThat(why).isNotBlank());
            }
        }
    }

    @TestFactory
    Stream<DynamicTest> everyParsedKindReadsItsParsersJavadocSampleIntoItsRecord() {
        return kinds().stream()
                .filter(k -> k.parser().isPresent())
                .map(kind -> DynamicTest.dynamicTest(kind.name(), () -> {
                    Parser<?> parser = kind.parser().orElseThrow();
                    Object value = parser.parse(JavadocExample.of(parser.getClass()));
                    assertThat(value).isInstanceOf(kind.spec().record());
                }));
    }

    @Test
    void everyParserIsTheParserOfAKind() throws IOException, ClassNotFoundException {
        Set<String> ofKinds = new TreeSet<>();
        kinds().forEach(k -> k.parser().ifPresent(p -> ofKinds.add(p.getClass().getName())));
        Set<String> parsers = new TreeSet<>();
        Path root = Path.of("src/main/java");
        try (Stream<Path> files = Files.walk(root.resolve("io/rocedoctor/parse"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String name = root.relativize(f).toString().replace('/', '.').replaceAll("\\.java$", "");
                Class<?> type = Class.forName(name);
                if (Parser.class.isAssignableFrom(type)
                        && !type.isInterface()
                        && !Modifier.isAbstract(type.getModifiers())) {
                    parsers.add(name);
                }
            }
        }
        assertThat(parsers).isNotEmpty().isEqualTo(ofKinds);
    }

    @Test
    void aKindAskedForAnotherRecordNamesBoth() {
        assertThat(SourceKind.LSPCI.parser(PciDevices.class)).isInstanceOf(LspciParser.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SourceKind.LSPCI.parser(NumaTopology.class))
                .hasMessage("LSPCI is read as PciDevices, not NumaTopology");
    }
}
