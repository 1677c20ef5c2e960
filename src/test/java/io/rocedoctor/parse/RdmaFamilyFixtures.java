package io.rocedoctor.parse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The hand-written real-format outputs under {@code fixtures/samples/<folder>/}. */
final class RdmaFamilyFixtures {
    private RdmaFamilyFixtures() {}

    static String read(String folderAndFile) {
        try {
            return Files.readString(Path.of("fixtures/samples", folderAndFile));
        } catch (IOException e) {
            throw new AssertionError("missing fixture " + folderAndFile, e);
        }
    }
}
