package io.rocedoctor.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocedoctor.bundle.BundleReader;
import io.rocedoctor.cli.Analysis;
import io.rocedoctor.engine.Profile;
import io.rocedoctor.engine.RuleEngine;
import io.rocedoctor.report.Renderers;
import io.rocedoctor.report.Report;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The service keeps a report's JSON only and renders the other formats from it: the same bytes as at analysis. */
class StoredReportTest {
    private final Analysis analysis = new Analysis(
            RuleEngine::builtIn, Profile.load("throughput"), new BundleReader(), new PrintWriter(Writer.nullWriter()));

    StoredReportTest() throws Exception {}

    private static List<Path> fixtureBundles() throws Exception {
        try (Stream<Path> s = Files.list(Path.of("fixtures/bundles"))) {
            return s.filter(Files::isDirectory).sorted().toList();
        }
    }

    @Test
    void everyFormatRenderedFromTheStoredJsonIsWhatTheAnalysedReportRendersToForEveryFixtureBundle() throws Exception {
        List<Path> bundles = fixtureBundles();
        assertThat(bundles).hasSizeGreaterThan(50);
        for (Path bundle : bundles) {
            Report report = analysis.run(bundle);
            String json = StoredReport.render(report, StoredReport.STORED);
            for (String format : Renderers.NAMES) {
                assertThat(StoredReport.render(json, format))
                        .as(bundle.getFileName() + " as " + format)
                        .isEqualTo(Renderers.of(format, null, false, 100, false).render(report));
            }
        }
    }

    @Test
    void theStoredJsonIsTheReportOfAnalyzeFormatJson() throws Exception {
        Path bundle = Path.of("fixtures/bundles/cross-numa-irq");
        Report report = analysis.run(bundle);
        assertThat(StoredReport.render(report, StoredReport.STORED))
                .isEqualTo(Renderers.of("json", null, false, 100, false).render(report))
                .contains("\"IRQ_CROSS_NUMA\"");
    }

    @Test
    void aStoredJsonThatIsNoReportIsAnErrorNotAnEmptyReport() {
        assertThatThrownBy(() -> StoredReport.render("{\"findings\": 3}", "html"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("cannot be read back");
        assertThatThrownBy(() -> StoredReport.render("{}", "pdf")).isInstanceOf(IllegalArgumentException.class);
    }
}
