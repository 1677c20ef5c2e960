package io.rocedoctor.bundle;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a bundle's index says of all its captures: how many samples, which captures failed, in order. */
class BundleIndexTest {
    @TempDir
    Path dir;

    private Bundle read(String captures) throws Exception {
        Files.createDirectories(dir.resolve("fs/proc"));
        Files.writeString(dir.resolve("fs/proc/interrupts"), "           CPU0\n 142:   10   mlx5_comp0\n");
        Files.writeString(dir.resolve("manifest.yaml"), "format: 1\nhost: h1\ncaptures:\n" + captures);
        return new BundleReader().read(dir);
    }

    @Test
    void failedCapturesComeBySourceThenSampleAndTheSamplesCountToTheHighest() throws Exception {
        try (Bundle b = read("  - {source: \"rdma statistic\", sample: 2, exit: 127, error: \"not found\"}\n"
                + "  - {source: \"/proc/interrupts\", sample: 0, path: fs/proc/interrupts, exit: 0}\n"
                + "  - {source: \"ethtool -S ens1f0np0\", sample: 1, exit: 1, error: \"no such device\"}\n"
                + "  - {source: \"ethtool -S ens1f0np0\", sample: 0, exit: 1, error: \"no such device\"}\n")) {
            assertThat(b.failedCaptures())
                    .extracting(c -> c.source().display() + "#" + c.sample())
                    .containsExactly("ethtool -S ens1f0np0#0", "ethtool -S ens1f0np0#1", "rdma statistic show#2");
            assertThat(b.sampleCount()).isEqualTo(3);
        }
    }

    @Test
    void nearMissACollectedCaptureIsNotFailedAndOneSampleIsOne() throws Exception {
        try (Bundle b = read("  - {source: \"/proc/interrupts\", sample: 0, path: fs/proc/interrupts, exit: 0}\n")) {
            assertThat(b.failedCaptures()).isEmpty();
            assertThat(b.sampleCount()).isEqualTo(1);
        }
    }
}
