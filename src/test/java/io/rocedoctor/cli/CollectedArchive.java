package io.rocedoctor.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeSet;
import java.util.SortedSet;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;

/** A collected .tar.gz as a layout: its files below the wrapping folder, and its manifest. */
record CollectedArchive(SortedSet<String> files, JsonNode manifest) {

    static CollectedArchive read(Path archive) throws IOException {
        SortedSet<String> files = new TreeSet<>();
        String manifest = null;
        try (InputStream in = Files.newInputStream(archive);
             TarArchiveInputStream tar = new TarArchiveInputStream(new GzipCompressorInputStream(in))) {
            for (TarArchiveEntry e = tar.getNextEntry(); e != null; e = tar.getNextEntry()) {
                if (!e.isFile()) {
                    continue;
                }
                String rel = e.getName().substring(e.getName().indexOf('/') + 1);
                files.add(rel);
                if (rel.equals("manifest.yaml")) {
                    manifest = new String(tar.readAllBytes(), StandardCharsets.UTF_8);
                }
            }
        }
        return new CollectedArchive(files, new ObjectMapper(new YAMLFactory()).readTree(manifest));
    }
}
