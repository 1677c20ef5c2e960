package io.rocedoctor.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The benchmark's floor: a bare Java program that only reads every file of a bundle as UTF-8 text
 * and counts its lines, with no parsing, rules or output. roce-doctor's cold analyze is measured
 * against it (scripts/bench.sh); it is not part of the product.
 */
public final class ReadBundle {
    private ReadBundle() {
    }

    public static void main(String[] args) throws IOException {
        long files = 0;
        long lines = 0;
        for (String arg : args) {
            List<Path> all;
            try (Stream<Path> s = Files.walk(Path.of(arg))) {
                all = s.filter(Files::isRegularFile).sorted().toList();
            }
            for (Path p : all) {
                String text = new String(Files.readAllBytes(p), StandardCharsets.UTF_8);
                files++;
                lines += text.lines().count();
            }
        }
        System.out.println(files + " files, " + lines + " lines");
    }
}
