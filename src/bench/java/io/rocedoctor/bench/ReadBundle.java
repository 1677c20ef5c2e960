package io.rocedoctor.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

/**
 * The benchmark's floor: a bare Java program that only reads every file of a bundle as UTF-8 text
 * and counts its lines, with no parsing, rules or output. roce-doctor's cold analyze is measured
 * against it, and with {@code --threads N} over many bundles, its throughput: what reading alone
 * allows on the machine (scripts/bench.sh). It is not part of the product.
 * <pre>
 * java -cp target/bench-classes io.rocedoctor.bench.ReadBundle [--threads N] BUNDLE...
 * </pre>
 */
public final class ReadBundle {
    private ReadBundle() {}

    public static void main(String[] args) throws InterruptedException, ExecutionException {
        int threads = 1;
        List<String> bundles = Arrays.asList(args);
        if (args.length >= 2 && args[0].equals("--threads")) {
            threads = Integer.parseInt(args[1]);
            bundles = bundles.subList(2, bundles.size());
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<long[]>> counts = new ArrayList<>();
        for (String bundle : bundles) {
            counts.add(pool.submit(() -> read(Path.of(bundle))));
        }
        long files = 0;
        long lines = 0;
        for (Future<long[]> c : counts) {
            files += c.get()[0];
            lines += c.get()[1];
        }
        pool.shutdown();
        System.out.println(files + " files, " + lines + " lines");
    }

    /** Files and lines of one bundle. */
    private static long[] read(Path bundle) {
        try (Stream<Path> s = Files.walk(bundle)) {
            long files = 0;
            long lines = 0;
            for (Path p : s.filter(Files::isRegularFile).sorted().toList()) {
                String text = new String(Files.readAllBytes(p), StandardCharsets.UTF_8);
                files++;
                lines += text.lines().count();
            }
            return new long[] {files, lines};
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
