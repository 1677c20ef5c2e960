package io.rocedoctor.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * CPU time of {@code FactBuilder.build} per bundle for several builds of roce-doctor in one JVM: each
 * jar is loaded into a class loader of its own, its bundles opened once, and the jars alternate round
 * by round, so that they are timed in the same minutes at the same load (thread CPU, summed per round;
 * the first half of the rounds lets C1 compile). Prints a line per counted round and jar, then each
 * jar's median and range, and each jar's time over the first's, round by round (median and quartiles).
 * This class names no roce-doctor class: the jars are reached by reflection.
 * Usage, with the launcher's flags: {@code java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xss4m
 * -cp target/bench-classes io.rocedoctor.bench.FactCompare BASE.jar,OTHER.jar ROUNDS BUNDLE...}
 */
public final class FactCompare {
    private FactCompare() {}

    public static void main(String[] args) throws Exception {
        String[] jars = args[0].split(",");
        int rounds = Integer.parseInt(args[1]);
        String[] paths = Arrays.copyOfRange(args, 2, args.length);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        List<Object> builders = new ArrayList<>();
        List<Method> builds = new ArrayList<>();
        List<List<AutoCloseable>> bundles = new ArrayList<>();
        for (String jar : jars) {
            ClassLoader loader =
                    new URLClassLoader(new URL[] {Path.of(jar).toUri().toURL()}, ClassLoader.getPlatformClassLoader());
            Class<?> reader = loader.loadClass("io.rocedoctor.bundle.BundleReader");
            Object readerInstance = reader.getConstructor().newInstance();
            Method read = reader.getMethod("read", Path.class);
            List<AutoCloseable> opened = new ArrayList<>();
            for (String path : paths) {
                opened.add((AutoCloseable) read.invoke(readerInstance, Path.of(path)));
            }
            bundles.add(opened);
            Class<?> builder = loader.loadClass("io.rocedoctor.facts.FactBuilder");
            builders.add(builder.getConstructor().newInstance());
            builds.add(builder.getMethod("build", loader.loadClass("io.rocedoctor.bundle.Bundle")));
        }
        int firstCounted = rounds / 2;
        double[][] perJar = new double[jars.length][rounds - firstCounted];
        for (int round = 0; round < rounds; round++) {
            for (int k = 0; k < jars.length; k++) {
                // The order turns every round (A B, B A, ...): neither jar always runs after the other.
                int j = round % 2 == 0 ? k : jars.length - 1 - k;
                long nanos = 0;
                for (AutoCloseable bundle : bundles.get(j)) {
                    long start = threads.getCurrentThreadCpuTime();
                    builds.get(j).invoke(builders.get(j), bundle);
                    nanos += threads.getCurrentThreadCpuTime() - start;
                }
                if (round >= firstCounted) {
                    perJar[j][round - firstCounted] = nanos / 1e6 / paths.length;
                    System.out.printf(
                            "round %2d %s: build %8.3f ms/bundle%n", round, jars[j], perJar[j][round - firstCounted]);
                }
            }
        }
        for (int j = 0; j < jars.length; j++) {
            double[] sorted = perJar[j].clone();
            Arrays.sort(sorted);
            int n = sorted.length;
            double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
            System.out.printf("%s: median %8.3f ms/bundle (%.3f-%.3f)%n", jars[j], median, sorted[0], sorted[n - 1]);
        }
        for (int j = 1; j < jars.length; j++) {
            double[] ratios = new double[rounds - firstCounted];
            for (int r = 0; r < ratios.length; r++) {
                ratios[r] = perJar[j][r] / perJar[0][r];
            }
            Arrays.sort(ratios);
            int n = ratios.length;
            System.out.printf(
                    "%s / %s, round by round: median %.4f (quartiles %.4f-%.4f)%n",
                    jars[j],
                    jars[0],
                    n % 2 == 1 ? ratios[n / 2] : (ratios[n / 2 - 1] + ratios[n / 2]) / 2,
                    ratios[n / 4],
                    ratios[(3 * n) / 4]);
        }
        for (List<AutoCloseable> opened : bundles) {
            for (AutoCloseable bundle : opened) {
                bundle.close();
            }
        }
    }
}
