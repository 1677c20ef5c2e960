package io.rocedoctor.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;

/** A collected .tar.gz as a layout: its files below the wrapping folder (as text, byte for byte), and its manifest. */
record CollectedArchive(SortedMap<String, String> texts, JsonNode manifest) {

    static CollectedArchive read(Path archive) throws IOException {
        SortedMap<String, String> texts = new TreeMap<>();
        try (InputStream in = Files.newInputStream(archive);
                TarArchiveInputStream tar = new TarArchiveInputStream(new GzipCompressorInputStream(in))) {
            for (TarArchiveEntry e = tar.getNextEntry(); e != null; e = tar.getNextEntry()) {
                if (e.isFile()) {
                    texts.put(
                            e.getName().substring(e.getName().indexOf('/') + 1),
                            new String(tar.readAllBytes(), StandardCharsets.ISO_8859_1));
                }
            }
        }
        return new CollectedArchive(
                texts,
                new ObjectMapper(new YAMLFactory())
                        .readTree(texts.get("manifest.yaml").getBytes(StandardCharsets.ISO_8859_1)));
    }

    SortedSet<String> files() {
        return new TreeSet<>(texts.keySet());
    }
}
