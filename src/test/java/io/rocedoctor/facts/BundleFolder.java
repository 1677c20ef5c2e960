package io.rocedoctor.facts;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.BundleReader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A hand-made bundle in a test's temporary folder: outputs written by bundle path, then read into facts. */
final class BundleFolder {
    private BundleFolder() {
    }

    static void write(Path bundle, String relative, String text) throws IOException {
        Path p = bundle.resolve(relative);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    static Facts facts(Path bundle) throws IOException, io.rocedoctor.bundle.BundleException {
        try (Bundle b = new BundleReader().read(bundle)) {
            return new FactBuilder().build(b);
        }
    }
}
