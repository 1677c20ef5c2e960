package io.rocedoctor.bench;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.BundleReader;
import io.rocedoctor.bundle.Capture;
import io.rocedoctor.bundle.Source;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.Parser;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * CPU time of each host parser per bundle, the parsers alone: every capture of the bundles given
 * that a parser reads is read into memory, then each parser parses all of its texts, ROUNDS times;
 * the second half of the rounds is counted (the first lets C1 compile them), ROUNDS 1 counts the
 * first, cold, parse. Thread CPU time is taken per parser and round, not per text, so that the
 * clock's own cost (a system call) does not weigh on the small parsers. Usage, with the launcher's
 * flags: {@code java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp target/roce-doctor.jar:target/bench-classes
 * io.rocedoctor.bench.ParseCost ROUNDS BUNDLE...}
 */
public final class ParseCost {
    private ParseCost() {}

    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        int bundles = args.length - 1;
        Map<Parser<?>, List<String>> texts = new LinkedHashMap<>();
        for (int i = 1; i < args.length; i++) {
            try (Bundle bundle = new BundleReader().read(Path.of(args[i]))) {
                for (Source source : bundle.allSources()) {
                    Optional<Parser<?>> parser = source.kind().spec().parser();
                    if (parser.isPresent()) {
                        for (Capture capture : bundle.samplesOf(source)) {
                            readInto(texts.computeIfAbsent(parser.get(), p -> new ArrayList<>()), bundle, capture);
                        }
                    }
                }
            }
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Map<String, long[]> nanosAndTexts = new LinkedHashMap<>();
        int firstCounted = rounds / 2;
        for (int round = 0; round < rounds; round++) {
            for (Map.Entry<Parser<?>, List<String>> e : texts.entrySet()) {
                long start = threads.getCurrentThreadCpuTime();
                for (String text : e.getValue()) {
                    try {
                        e.getKey().read(text);
                    } catch (ParseException unreadable) {
                        // A text the parser refuses costs what it cost.
                    }
                }
                long spent = threads.getCurrentThreadCpuTime() - start;
                if (round >= firstCounted) {
                    long[] sum =
                            nanosAndTexts.computeIfAbsent(e.getKey().getClass().getSimpleName(), k -> new long[2]);
                    sum[0] += spent;
                    sum[1] += e.getValue().size();
                }
            }
        }
        double per = 1e6 * bundles * (rounds - firstCounted);
        long total = 0;
        List<Map.Entry<String, long[]>> byCost = new ArrayList<>(nanosAndTexts.entrySet());
        byCost.sort((a, b) -> Long.compare(b.getValue()[0], a.getValue()[0]));
        for (Map.Entry<String, long[]> e : byCost) {
            total += e.getValue()[0];
            System.out.printf(
                    "%8.3f ms/bundle %6d texts  %s%n",
                    e.getValue()[0] / per, e.getValue()[1] / (rounds - firstCounted) / bundles, e.getKey());
        }
        System.out.printf("%8.3f ms/bundle  all host parsers%n", total / per);
    }

    private static void readInto(List<String> texts, Bundle bundle, Capture capture) {
        try {
            texts.add(bundle.read(capture));
        } catch (IOException unreadable) {
            // A capture that cannot be read is not parsed in an analysis either.
        }
    }
}
