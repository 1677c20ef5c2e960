package io.rocedoctor.bench;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.BundleReader;
import io.rocedoctor.bundle.Capture;
import io.rocedoctor.bundle.Source;
import io.rocedoctor.parse.TextLines;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * CPU time of reading bundles alone, per bundle and phase: indexing ({@link BundleReader#read}: the
 * walk or lookups, the manifest, an archive's extraction), the text of every capture
 * ({@link Bundle#read}) and its lines ({@link TextLines#of}), each bundle read ROUNDS times in one
 * thread; the second half of the rounds is counted (the first lets C1 compile the code). Thread CPU
 * time is taken per phase and bundle (not per capture: the clock is a system call). Usage, with the launcher's flags: {@code java
 * -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp target/roce-doctor.jar:target/bench-classes
 * io.rocedoctor.bench.ReadCost ROUNDS BUNDLE...}
 */
public final class ReadCost {
    private ReadCost() {}

    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        int bundles = args.length - 1;
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        int firstCounted = rounds / 2;
        long[] nanos = new long[3];
        long lines = 0;
        for (int round = 0; round < rounds; round++) {
            long[] spent = new long[3];
            for (int i = 1; i < args.length; i++) {
                long start = threads.getCurrentThreadCpuTime();
                try (Bundle bundle = new BundleReader().read(Path.of(args[i]))) {
                    long indexed = threads.getCurrentThreadCpuTime();
                    spent[0] += indexed - start;
                    List<String> texts = new ArrayList<>();
                    for (Source source : bundle.allSources()) {
                        for (Capture capture : bundle.samplesOf(source)) {
                            if (capture.collected()) {
                                texts.add(bundle.read(capture));
                            }
                        }
                    }
                    long read = threads.getCurrentThreadCpuTime();
                    for (String text : texts) {
                        lines += TextLines.of(text).size();
                    }
                    spent[1] += read - indexed;
                    spent[2] += threads.getCurrentThreadCpuTime() - read;
                }
            }
            if (round >= firstCounted) {
                for (int p = 0; p < 3; p++) {
                    nanos[p] += spent[p];
                }
            }
        }
        double per = 1e6 * bundles * (rounds - firstCounted);
        System.out.printf(
                "%.3f ms index, %.3f ms text, %.3f ms lines, %.3f ms in all per bundle (%d lines)%n",
                nanos[0] / per, nanos[1] / per, nanos[2] / per, (nanos[0] + nanos[1] + nanos[2]) / per, lines);
    }
}
