package io.rocedoctor.facts;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.BundleException;
import io.rocedoctor.bundle.BundleReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** A test on a hand-made bundle in its temporary folder: outputs written by bundle path, then read into facts. */
abstract class BundleFolderTest {
    @TempDir
    Path dir;

    void write(String relative, String text) throws IOException {
        Path p = dir.resolve(relative);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    Facts facts() throws IOException, BundleException {
        try (Bundle b = new BundleReader().read(dir)) {
            return new FactBuilder().build(b);
        }
    }
}
