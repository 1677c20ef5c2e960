package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The dual-port hash-concentration fixture before and after the hash fix: the finding is gone and the port shares even out. */
class DiffCommandTest {
    private static final String BEFORE = "fixtures/bundles/dual-port-hash-concentration";
    private static final String AFTER = "fixtures/bundles/dual-port-hash-fixed";

    @Test
    void theHashFixRemovesTheConcentrationAndEvensTheShares() throws Exception {
        Cli cli = Cli.run("diff", BEFORE, AFTER, "--format", "json");
        assertThat(cli.exit()).as(cli.err()).isZero();
        JsonNode diff = new ObjectMapper().readTree(cli.out());
        assertThat(diff.path("gone").findValuesAsText("id")).contains("HASH_SINGLE_PATH_CONCENTRATION");
        assertThat(diff.path("appeared").findValuesAsText("id")).doesNotContain("HASH_SINGLE_PATH_CONCENTRATION");
        int shares = 0;
        for (JsonNode m : diff.path("moved")) {
            if (m.path("figure").asText().equals("tx share of bond0")) {
                shares++;
                assertThat(Math.abs(m.path("after").asDouble() - 50))
                        .as(m.toString())
                        .isLessThan(Math.abs(m.path("before").asDouble() - 50));
                assertThat(m.path("after").asDouble()).isBetween(40.0, 60.0);
            }
        }
        assertThat(shares).as("both members' shares moved").isEqualTo(2);
    }

    @Test
    void aBundleComparedWithItselfMovesNothing() {
        Cli cli = Cli.run("diff", BEFORE, BEFORE);
        assertThat(cli.exit()).as(cli.err()).isZero();
        assertThat(cli.out())
                .contains(
                        "findings gone (0)",
                        "findings new (0)",
                        "HASH_SINGLE_PATH_CONCENTRATION bond0",
                        "figures moved (0)");
    }

    @Test
    void textNamesWhatWentAndHowTheSharesMoved() {
        Cli cli = Cli.run("diff", BEFORE, AFTER);
        assertThat(cli.exit()).isZero();
        assertThat(cli.out())
                .contains(
                        "findings gone (1)",
                        "HASH_SINGLE_PATH_CONCENTRATION bond0",
                        "ens1f0np0 tx share of bond0: 90.0% -> ");
    }

    @Test
    void aMissingBundleIsBadInput() {
        Cli cli = Cli.run("diff", BEFORE, "no/such/bundle");
        assertThat(cli.exit()).isEqualTo(Main.BAD_INPUT);
    }

    @Test
    void twoDifferentHostsAreRefusedNamingBoth() {
        Cli cli = Cli.run("diff", BEFORE, "fixtures/bundles/cross-numa-irq");
        assertThat(cli.exit()).isEqualTo(2);
        assertThat(cli.err()).contains("is host hpc-node-112").contains("--allow-different-hosts");
    }

    @Test
    void nearMissTwoDifferentHostsAreComparedWhenAllowedAndBothNamed() throws Exception {
        Cli cli = Cli.run("diff", BEFORE, "fixtures/bundles/cross-numa-irq", "--allow-different-hosts");
        assertThat(cli.exit()).as(cli.err()).isZero();
        assertThat(cli.out()).startsWith("hosts differ: ").contains(" after");
        JsonNode json = new ObjectMapper()
                .readTree(Cli.run("diff", BEFORE, AFTER, "--format", "json").out());
        assertThat(json.path("beforeHost").asText())
                .isNotEmpty()
                .isEqualTo(json.path("afterHost").asText());
    }
}
