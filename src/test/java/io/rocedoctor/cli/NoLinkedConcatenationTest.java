package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The main classes are compiled with {@code -XDstringConcat=inline} (pom.xml): a concatenation
 * compiled to invokedynamic is linked by {@code StringConcatFactory} at its first run, method
 * handles made and compiled, which was ~8% of the main thread of a cold analysis. The rules'
 * executable model is compiled by the kie plugin, not by these options, and is left out.
 */
class NoLinkedConcatenationTest {
    private static final byte[] FACTORY = "java/lang/invoke/StringConcatFactory".getBytes(StandardCharsets.US_ASCII);

    @Test
    void noMainClassLinksItsConcatenationsAtRunTime() throws Exception {
        Path classes = Path.of(
                Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        // the rule compiler's classes (the executable model) are compiled by the kie plugin, not javac's options
        Path rules = classes.resolve("io/rocedoctor/rules");
        List<Path> all;
        try (Stream<Path> files = Files.walk(classes)) {
            all = files.filter(f -> f.toString().endsWith(".class") && !f.startsWith(rules))
                    .toList();
        }
        assertThat(all).as("the compiled main classes").hasSizeGreaterThan(300);
        assertThat(all.stream().filter(NoLinkedConcatenationTest::linksConcatenation))
                .as("classes whose concatenations StringConcatFactory links")
                .isEmpty();
    }

    /** The check sees what javac's default makes of {@code a + 1}. */
    @Test
    void aConcatenationCompiledByDefaultIsSeen(@TempDir Path dir) throws IOException {
        Path source =
                Files.writeString(dir.resolve("Joined.java"), "class Joined { String f(String a) { return a + 1; } }");
        int status = ToolProvider.getSystemJavaCompiler()
                .run(null, null, null, "--release", "17", "-d", dir.toString(), source.toString());
        assertThat(status).isZero();
        assertThat(linksConcatenation(dir.resolve("Joined.class"))).isTrue();
    }

    private static boolean linksConcatenation(Path classFile) {
        try {
            byte[] bytes = Files.readAllBytes(classFile);
            outer:
            for (int i = 0; i + FACTORY.length <= bytes.length; i++) {
                for (int j = 0; j < FACTORY.length; j++) {
                    if (bytes[i + j] != FACTORY[j]) {
                        continue outer;
                    }
                }
                return true;
            }
            return false;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
