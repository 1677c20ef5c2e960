package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocedoctor.engine.RuleEngine;
import org.junit.jupiter.api.Test;

/** Every format opens with what was analysed; without an RDMA device, its first line says so. */
class HonestHeadlineTest {
    private static final String NO_RDMA = "fixtures/bundles/sosreport-lspci-stderr";
    private static final String RDMA = "fixtures/bundles/pfc-not-on-roce-prio";
    private static final String NO_RDMA_LINE = "No RDMA device in the bundle of host dbx-sos-7";

    @Test
    void aHostWithoutAnRdmaDeviceSaysSoOnTheFirstLineOfEveryFormat() throws Exception {
        assertThat(Cli.run("analyze", NO_RDMA, "--no-color")
                        .out()
                        .lines()
                        .findFirst()
                        .orElseThrow())
                .startsWith(NO_RDMA_LINE);
        String md = Cli.run("analyze", NO_RDMA, "--format", "markdown").out();
        assertThat(md.lines().filter(l -> !l.isBlank()).skip(1).findFirst().orElseThrow())
                .startsWith("**" + NO_RDMA_LINE);
        String html = Cli.run("analyze", NO_RDMA, "--format", "html").out();
        assertThat(html.substring(html.indexOf("</h1>")))
                .startsWith("</h1><p class=\"headline alarm\">" + NO_RDMA_LINE);
        assertThat(Cli.run("analyze", NO_RDMA, "--format", "junit").out())
                .contains("<property name=\"headline\" value=\"" + NO_RDMA_LINE);
        var json = new ObjectMapper()
                .readTree(Cli.run("analyze", NO_RDMA, "--format", "json").out());
        assertThat(json.at("/analysed/headline").asText())
                .startsWith(NO_RDMA_LINE)
                .contains("only generic checks ran");
        assertThat(json.at("/analysed/nicsWithRdma").asInt()).isZero();
    }

    @Test
    void nearMissAHostWithRdmaDevicesOpensWithWhatWasAnalysed() throws Exception {
        String first =
                Cli.run("analyze", RDMA, "--no-color").out().lines().findFirst().orElseThrow();
        assertThat(first)
                .startsWith(
                        "Analysed host ai-node-58 (native, 2 samples 10.0 s apart): 1 NIC, 1 with an RDMA device (mlx5_0,");
        assertThat(first).doesNotContain("No RDMA");
    }

    @Test
    void theRoceRulesOfAHostWithoutRdmaAreOneLineNotOnePerRule() throws Exception {
        String text = Cli.run("analyze", NO_RDMA, "--no-color").out();
        long roceRules = RuleEngine.builtIn().catalog().values().stream()
                .filter(r -> RuleEngine.ROCE_LAYERS.contains(r.layer()))
                .count();
        assertThat(text)
                .contains("no RDMA device in the bundle: blocks " + roceRules + " rules")
                .doesNotContain("PFC_NOT_ON_ROCE_PRIO: not collected");
    }
}
