package io.rocedoctor.bench;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.BundleReader;
import io.rocedoctor.bundle.Capture;
import io.rocedoctor.bundle.Source;
import io.rocedoctor.facts.FactBuilder;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.Parser;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * CPU time of building a bundle's facts ({@link FactBuilder#build}), and beside it of reading and
 * parsing every capture of the bundle that has a parser, so that the layers' own work shows as the
 * difference. The bundles are opened once; each round builds every bundle's facts (a new ledger, so
 * every capture is read and parsed again), then reads and parses every capture alone. Thread CPU is
 * taken per bundle and summed per round; the rounds after the first half are printed one per line
 * and their medians last (the first half lets C1 compile). Usage, with the launcher's flags:
 * {@code java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xss4m -cp target/roce-doctor.jar:target/bench-classes
 * io.rocedoctor.bench.FactCost ROUNDS BUNDLE...}
 * {@link FactCompare} times the build alone of several jars alternating in one JVM.
 */
public final class FactCost {
    private FactCost() {}

    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        List<Bundle> bundles = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            bundles.add(new BundleReader().read(Path.of(args[i])));
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        FactBuilder builder = new FactBuilder();
        int firstCounted = rounds / 2;
        double[] build = new double[rounds - firstCounted];
        double[] parse = new double[rounds - firstCounted];
        long facts = 0;
        for (int round = 0; round < rounds; round++) {
            long buildNanos = 0;
            long parseNanos = 0;
            for (Bundle bundle : bundles) {
                long start = threads.getCurrentThreadCpuTime();
                facts += builder.build(bundle).all().size();
                long built = threads.getCurrentThreadCpuTime();
                parseAll(bundle);
                buildNanos += built - start;
                parseNanos += threads.getCurrentThreadCpuTime() - built;
            }
            if (round >= firstCounted) {
                build[round - firstCounted] = buildNanos / 1e6 / bundles.size();
                parse[round - firstCounted] = parseNanos / 1e6 / bundles.size();
                System.out.printf(
                        "round %2d: build %8.3f ms/bundle, parse alone %8.3f, build less parse %8.3f%n",
                        round,
                        build[round - firstCounted],
                        parse[round - firstCounted],
                        build[round - firstCounted] - parse[round - firstCounted]);
            }
        }
        System.out.printf(
                "median: build %8.3f ms/bundle, parse alone %8.3f (%d facts built in all)%n",
                median(build), median(parse), facts);
        for (Bundle bundle : bundles) {
            bundle.close();
        }
    }

    private static void parseAll(Bundle bundle) throws Exception {
        for (Source source : bundle.allSources()) {
            Optional<Parser<?>> parser = source.kind().spec().parser();
            if (parser.isPresent()) {
                for (Capture capture : bundle.samplesOf(source)) {
                    if (capture.collected()) {
                        try {
                            parser.get().read(bundle.read(capture));
                        } catch (ParseException unreadable) {
                            // A text the parser refuses costs what it cost.
                        }
                    }
                }
            }
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
