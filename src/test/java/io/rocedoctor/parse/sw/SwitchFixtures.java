package io.rocedoctor.parse.sw;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The switch fixtures under {@code fixtures/samples/switch/}. */
final class SwitchFixtures {
    private SwitchFixtures() {}

    static String read(String name) {
        try {
            return Files.readString(Path.of("fixtures/samples/switch", name), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
