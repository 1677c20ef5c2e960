package io.rocedoctor.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.BundleReader;
import io.rocedoctor.facts.FactBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CNP_LOOP_BROKEN on whole captures of three drivers: the evidence names the counters the
 * capture holds (bnxt_re {@code rx_ecn_marked_pkts}/{@code tx_cnp_pkts}, irdma
 * {@code RxECNMrkd}/{@code cnpSent}/{@code cnpIgnored}/{@code cnpHandled}, mlx5
 * {@code np_ecn_marked_roce_packets}/{@code np_cnp_sent}), never another driver's. Each test
 * takes a fixture bundle where DCQCN works and holds one counter still in the second sample.
 */
class CnpLoopBrokenCapturesTest {
    @TempDir
    Path dir;

    @Fires("CNP_LOOP_BROKEN")
    @Test
    void bnxtReMarksWithoutCnpsAreNamedByBnxtReCounters() throws Exception {
        // bnxt_re0/1 moves rx_ecn_marked_pkts 18200 -> 19400; tx_cnp_pkts is held at 18200.
        Finding f = cnpLoopBroken(
                diagnose("broadcom-bnxt-re-ecn-on-lossy-roce-prio", "tx_cnp_pkts 19400", "tx_cnp_pkts 18200"));
        assertThat(f.subject()).isEqualTo("ens3f0np0");
        assertThat(values(f)).contains("rx_ecn_marked_pkts +1200", "tx_cnp_pkts +0");
        assertThat(values(f)).noneMatch(v -> v.startsWith("np_") || v.startsWith("rp_"));
    }

    @NearMiss("CNP_LOOP_BROKEN")
    @Test
    void nearMissBnxtReWithItsCnpsMovingIsNotBroken() throws Exception {
        assertThat(diagnose("broadcom-bnxt-re-ecn-on-lossy-roce-prio", "tx_cnp_pkts 19400", "tx_cnp_pkts 18201")
                        .findings())
                .extracting(Finding::id)
                .doesNotContain("CNP_LOOP_BROKEN");
    }

    @Fires("CNP_LOOP_BROKEN")
    @Test
    void irdmaMarksWithoutCnpsAreNamedByIrdmaCounters() throws Exception {
        // irdma0/1 moves RxECNMrkd 18850 -> 19390; cnpSent is held at 18850.
        Finding f = cnpLoopBroken(diagnose("intel-e810-rx-descriptors-exhausted", "cnpSent 19390", "cnpSent 18850"));
        assertThat(f.subject()).isEqualTo("ens801f0np0");
        assertThat(values(f)).contains("RxECNMrkd +540", "cnpSent +0");
        assertThat(values(f)).noneMatch(v -> v.startsWith("np_") || v.startsWith("rp_"));
    }

    @Fires("CNP_LOOP_BROKEN")
    @Test
    void irdmaCnpsIgnoredAndNoneHandledAreNamedByIrdmaCounters() throws Exception {
        // irdma0/1: cnpIgnored 0 -> 300 while cnpHandled stays at 20311.
        Finding f = cnpLoopBroken(diagnose(
                "intel-e810-rx-descriptors-exhausted",
                "cnpHandled 20923 cnpIgnored 0",
                "cnpHandled 20311 cnpIgnored 300"));
        assertThat(values(f)).contains("cnpIgnored +300", "cnpHandled +0");
    }

    @Fires("CNP_LOOP_BROKEN")
    @Test
    void mlx5MarksWithoutCnpsAreNamedByMlx5Counters() throws Exception {
        Finding f = cnpLoopBroken(diagnose("cnp-loop-broken", null, null));
        assertThat(values(f)).contains("np_ecn_marked_roce_packets +410206", "np_cnp_sent +0");
    }

    private static Finding cnpLoopBroken(Diagnosis d) {
        return d.findings().stream()
                .filter(f -> f.id().equals("CNP_LOOP_BROKEN"))
                .findFirst()
                .orElseThrow();
    }

    private static List<String> values(Finding f) {
        return f.evidence().stream().map(Evidence::value).toList();
    }

    /** The fixture bundle with the first {@code from} of its second sample's rdma statistic replaced by {@code to}. */
    private Diagnosis diagnose(String fixture, String from, String to) throws Exception {
        Path source = Path.of("fixtures/bundles", fixture);
        try (Stream<Path> files = Files.walk(source)) {
            for (Path p : files.toList()) {
                Path target = dir.resolve(source.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
        if (from != null) {
            Path second = dir.resolve("samples/1/commands/rdma_statistic_show");
            String text = Files.readString(second);
            assertThat(text).contains(from);
            Files.writeString(second, text.replaceFirst(java.util.regex.Pattern.quote(from), to));
        }
        try (Bundle b = new BundleReader().read(dir)) {
            return RuleHarness.seen(
                    RuleEngine.builtIn().diagnose(new FactBuilder().build(b), Profile.builtIn("throughput")));
        }
    }
}
