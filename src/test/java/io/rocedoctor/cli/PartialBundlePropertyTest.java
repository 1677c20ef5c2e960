package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.bundle.ScratchFolder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.LifecycleContext;
import net.jqwik.api.lifecycle.SkipExecutionHook;

/**
 * Partial and damaged copies of real bundles, as customers send them: sources dropped, files cut
 * short, a netdev named by one source and absent from the others, the whole packed and maybe cut.
 * {@code analyze}, {@code facts}, {@code plan} and {@code diff} then answer with a report or a
 * one-line refusal (exit 0, 1 or 2), never an internal error (exit 3) or a stack trace.
 *
 * <p>The bundles are every fixture under {@code fixtures/bundles}, synthesized hosts (with and
 * without a switch) and sosreport-shaped copies of three fixtures. {@code mvn verify} runs
 * {@value #VERIFY_TRIES} cases of a fixed seed (some 20 s); {@code -Droce.doctor.partial.long=true}
 * or {@code ROCE_DOCTOR_PARTIAL_LONG=1} adds {@value #LONG_TRIES} cases of a new seed each run.
 */
class PartialBundlePropertyTest {
    static final int VERIFY_TRIES = 24;
    static final int LONG_TRIES = 1500;
    /** A netdev no fixture or synthesized host has: what a cross-wired source names instead of a real one. */
    static final String FOREIGN_NETDEV = "ens7f3np3";

    private static final Pattern NETDEV = Pattern.compile("==> (\\S+)");
    private static final Pattern NETDEV_IN_NAME = Pattern.compile("^ethtool_-[Sgilmx]_(\\S+)$");

    private static final Path WORK;
    private static final List<Path> BUNDLES = new ArrayList<>();

    static {
        try {
            WORK = Files.createTempDirectory("roce-doctor-partial-");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> ScratchFolder.delete(WORK)));
            try (Stream<Path> fixtures = Files.list(Path.of("fixtures/bundles"))) {
                fixtures.filter(Files::isDirectory).sorted().forEach(BUNDLES::add);
            }
            for (String[] synth : new String[][] {
                {"--hosts", "2", "--fault", "PFC_NOT_ON_ROCE_PRIO", "--fault", "IRQ_CROSS_NUMA"},
                {"--switch", "none", "--nics", "1", "--ports", "1", "--cpus", "8"}
            }) {
                Path out = WORK.resolve("synth-" + BUNDLES.size());
                List<String> args = new ArrayList<>(List.of("synth", "--out", out.toString(), "--seed", "3"));
                args.addAll(List.of(synth));
                Cli cli = Cli.run(args.toArray(String[]::new));
                if (cli.exit() != 0) {
                    throw new IllegalStateException("synth failed: " + cli.err());
                }
                try (Stream<Path> hosts = Files.list(out)) {
                    hosts.filter(Files::isDirectory).sorted().forEach(BUNDLES::add);
                }
            }
            for (String fixture : List.of("pcie-ceiling-host-pause", "cnp-loop-broken", "switch-pfc-storm-sonic")) {
                BUNDLES.add(SosReportShapeTest.sosShaped(
                        Path.of("fixtures/bundles", fixture),
                        WORK.resolve("sos-" + fixture + "/sosreport-" + fixture + "-2026-11-20-abcdefg")));
            }
        } catch (Exception e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @Provide
    Arbitrary<Path> bundles() {
        return Arbitraries.of(BUNDLES);
    }

    @Property(tries = VERIFY_TRIES, seed = "20261201", shrinking = ShrinkingMode.OFF)
    void aPartialOrDamagedBundleIsNeverAnInternalError(@ForAll("bundles") Path bundle, @ForAll long seed)
            throws IOException {
        check(bundle, seed);
    }

    @Property(tries = LONG_TRIES, shrinking = ShrinkingMode.OFF)
    @AddLifecycleHook(LongRunOnly.class)
    void manyMorePartialOrDamagedBundles(@ForAll("bundles") Path bundle, @ForAll long seed) throws IOException {
        check(bundle, seed);
    }

    /** Found by the property: a RoCE VLAN whose RDMA device's NIC was not read (no ethtool -i) exited 3 in VlanFacts. */
    @org.junit.jupiter.api.Test
    void aRoceVlanOverANicThatWasNotReadIsNoInternalError(@org.junit.jupiter.api.io.TempDir Path tmp)
            throws IOException {
        Path copy = tmp.resolve("roce-vlan-priority-mapped");
        Cli.copyTree(Path.of("fixtures/bundles/roce-vlan-priority-mapped"), copy);
        try (var info = Files.newDirectoryStream(copy.resolve("commands"), "ethtool_-i_*")) {
            for (Path f : info) {
                Files.delete(f);
            }
        }
        Cli cli = Cli.run("analyze", copy.toString(), "--debug");
        assertThat(cli.exit()).as(cli.err()).isNotEqualTo(Main.INTERNAL);
        assertThat(cli.err()).doesNotContain("Exception");
    }

    /** Skips the long property unless asked for it. */
    static final class LongRunOnly implements SkipExecutionHook {
        @Override
        public SkipResult shouldBeSkipped(LifecycleContext context) {
            boolean wanted = Boolean.getBoolean("roce.doctor.partial.long")
                    || "1".equals(System.getenv("ROCE_DOCTOR_PARTIAL_LONG"));
            return wanted
                    ? SkipResult.doNotSkip()
                    : SkipResult.skip("set -Droce.doctor.partial.long=true or ROCE_DOCTOR_PARTIAL_LONG=1 to run it");
        }
    }

    private static void check(Path bundle, long seed) throws IOException {
        Path caseDir = Files.createTempDirectory(WORK, "case-");
        try {
            Damaged damaged = damage(bundle, caseDir, new Random(seed));
            String b = damaged.input().toString();
            String plan = caseDir.resolve("plan").toString();
            // --debug: an internal error then shows its stack trace in the failure message.
            for (String[] args : new String[][] {
                {"analyze", b, "--format", "json", "--debug"},
                {"facts", b, "--debug"},
                {"plan", b, "--out", plan, "--debug"},
                {"diff", bundle.toString(), b, "--debug"}
            }) {
                Cli cli = Cli.run(args);
                String what = String.join(" ", args) + " after " + damaged.what();
                assertThat(cli.exit()).as(what + "\n" + cli.err()).isNotEqualTo(Main.INTERNAL);
                assertThat(cli.err()).as(what).doesNotContain("\tat ", "Exception");
                assertThat(cli.out()).as(what).doesNotContain("\tat ");
            }
        } finally {
            ScratchFolder.delete(caseDir);
        }
    }

    /** The damaged copy and what was done to it, for the failure message. */
    record Damaged(Path input, List<String> what) {}

    /** A copy of the bundle with a random subset of its files dropped, some cut short and one netdev cross-wired. */
    static Damaged damage(Path bundle, Path caseDir, Random random) throws IOException {
        Path copy = caseDir.resolve(bundle.getFileName().toString());
        List<String> what = new ArrayList<>();
        List<Path> files = copyTree(bundle, copy);
        double dropShare = random.nextDouble() * 0.8;
        List<Path> kept = new ArrayList<>();
        for (Path f : files) {
            if (random.nextDouble() < dropShare) {
                Files.delete(f);
                what.add("dropped " + copy.relativize(f));
            } else {
                kept.add(f);
            }
        }
        int cuts = kept.isEmpty() ? 0 : random.nextInt(Math.min(4, kept.size()) + 1);
        for (int i = 0; i < cuts; i++) {
            Path f = kept.get(random.nextInt(kept.size()));
            long size = Files.size(f);
            long at = size == 0 ? 0 : (long) (random.nextDouble() * size);
            try (var channel = java.nio.channels.FileChannel.open(f, java.nio.file.StandardOpenOption.WRITE)) {
                channel.truncate(at);
            }
            what.add("cut " + copy.relativize(f) + " at byte " + at);
        }
        crossWire(copy, kept, random).ifPresent(what::add);
        if (random.nextInt(5) == 0) {
            Path tgz = caseDir.resolve(bundle.getFileName() + ".tar.gz");
            Tarballs.write(copy, tgz);
            what.add("packed as a tar.gz");
            if (random.nextBoolean()) {
                long at = (long) (random.nextDouble() * Files.size(tgz));
                try (var channel = java.nio.channels.FileChannel.open(tgz, java.nio.file.StandardOpenOption.WRITE)) {
                    channel.truncate(Math.max(1, at));
                }
                what.add("the tar.gz cut at byte " + Math.max(1, at));
            }
            return new Damaged(tgz, what);
        }
        return new Damaged(copy, what);
    }

    /**
     * One source names a netdev the others do not know: a name the bundle uses is replaced by
     * {@link #FOREIGN_NETDEV} in one file that mentions it, ibdev2netdev's list first when kept.
     */
    private static java.util.Optional<String> crossWire(Path copy, List<Path> kept, Random random) throws IOException {
        TreeSet<String> names = new TreeSet<>();
        Path ibdev = null;
        for (Path f : kept) {
            String file = f.getFileName().toString();
            Matcher inName = NETDEV_IN_NAME.matcher(file);
            if (inName.matches()) {
                names.add(inName.group(1));
            }
            if (file.equals("ibdev2netdev") && Files.exists(f)) {
                ibdev = f;
                Matcher m = NETDEV.matcher(Files.readString(f, StandardCharsets.ISO_8859_1));
                while (m.find()) {
                    names.add(m.group(1));
                }
            }
        }
        if (names.isEmpty() || random.nextInt(3) == 0) {
            return java.util.Optional.empty();
        }
        String name = new ArrayList<>(names).get(random.nextInt(names.size()));
        List<Path> mentioning = new ArrayList<>();
        for (Path f : kept) {
            if (Files.exists(f)
                    && Files.readString(f, StandardCharsets.ISO_8859_1).contains(name)) {
                mentioning.add(f);
            }
        }
        Path target = ibdev != null && mentioning.contains(ibdev) && random.nextBoolean()
                ? ibdev
                : mentioning.isEmpty() ? null : mentioning.get(random.nextInt(mentioning.size()));
        if (target == null) {
            return java.util.Optional.empty();
        }
        String text = Files.readString(target, StandardCharsets.ISO_8859_1);
        Files.writeString(target, text.replace(name, FOREIGN_NETDEV), StandardCharsets.ISO_8859_1);
        return java.util.Optional.of("in " + copy.relativize(target) + ", " + name + " renamed " + FOREIGN_NETDEV);
    }

    private static List<Path> copyTree(Path from, Path to) throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.sorted(Comparator.naturalOrder()).toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else if (Files.isRegularFile(p)) {
                    Files.copy(p, target);
                    files.add(target);
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return files;
    }
}
