package io.rocedoctor.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.bundle.SwitchSourceKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The built rulebase is complete: the kie plugin builds an empty KieBase without failing when it
 * cannot find the DRL, so this test is what catches it. Every rule has its metadata, its doc
 * page, and a firing and near-miss test that name it.
 */
class RulebaseTest {
    /** The catalog ids implemented so far; each later issue adds its own. */
    static final Set<String> IMPLEMENTED = Set.of(
            "HASH_SINGLE_PATH_CONCENTRATION",
            "IRQ_CROSS_NUMA",
            "PCIE_CEILING_BELOW_PORTS",
            "PCIE_LINK_DOWNGRADED",
            "NUMA_NODE_UNKNOWN",
            "PHY_LINK_SPEED_DEGRADED",
            "PHY_BER_HIGH",
            "PHY_FEC_OFF",
            "PHY_LINK_FLAPPING",
            "PHY_CRC_ERRORS",
            "PHY_MODULE_HOT",
            "PCIE_MAXREADREQ_SMALL",
            "CPU_GOVERNOR_POWERSAVE",
            "RSS_HASH_NO_L4",
            "RSS_QUEUES_TOO_FEW",
            "RSS_INDIRECTION_SKEWED",
            "RX_BUFFER_EXHAUSTED",
            "TRAP_RING_INFLATED",
            "IRQ_CONCENTRATED",
            "IRQBALANCE_ACTIVE",
            "BUSY_POLL_OFF",
            "ROCE_V1_DEFAULT",
            "ROCE_TOS_UNSET",
            "ROCE_MTU_BELOW_NETDEV",
            "ROCE_GID_V2_MISSING",
            "ROCE_RETRANSMITTING",
            "ROCE_PATH_UNUSED",
            "BOND_MODE_NOT_MULTIPATH",
            "SWITCH_ECN_ABOVE_XOFF",
            "SWITCH_PFC_WATCHDOG_OFF",
            "SWITCH_PFC_STORM_DETECTED",
            "SWITCH_HEADROOM_SHORT",
            "SWITCH_BUFFER_POOL_SKEWED",
            "SWITCH_LOSSLESS_DROPS",
            "SWITCH_ECMP_HASH_NO_L4",
            "TRUST_MODE_MISMATCH",
            "PFC_PRIORITY_MISMATCH",
            "DSCP_MAP_MISMATCH",
            "MTU_MISMATCH",
            "TRAP_HOST_ONLY_TUNING",
            "ECN_DISABLED_ON_ROCE_PRIO",
            "CNP_LOOP_BROKEN",
            "PFC_DOMINATES_ECN",
            "PFC_NOT_ON_ROCE_PRIO",
            "PFC_TOO_MANY_PRIOS",
            "PAUSE_STORM",
            "HOST_ORIGINATED_PAUSE",
            "GLOBAL_PAUSE_WITH_PFC",
            "SWITCH_ECN_OFF_LOSSLESS",
            "LOSSLESS_BUFFER_MISCONFIGURED",
            "BASELINE_BW_LOW",
            "BASELINE_LATENCY_JITTER",
            "BASELINE_MISSING",
            "FLEET_GID_INDEX_DRIFT",
            "FLEET_DCQCN_PARAMS_DRIFT",
            "PCIE_ACS_BLOCKS_P2P",
            "GPU_NIC_AFFINITY_POOR");

    @Test
    void theBuiltKieBaseHoldsEveryImplementedCatalogRule() {
        assertThat(RuleHarness.engine().catalog().keySet()).containsAll(IMPLEMENTED);
    }

    @Test
    void everyCatalogRuleHasASummaryAndKnownSources() {
        // Layer and severity are enums: a rule naming an unknown one fails the catalog's read.
        for (RuleInfo r : RuleHarness.engine().catalog().values()) {
            assertThat(r.summary()).as(r.id() + " summary").isNotBlank();
            assertThat(r.requirements()).as(r.id() + " sources").isNotEmpty();
        }
    }

    /** Each DRL rule with the text between its {@code rule "NAME"} line and its {@code end}. */
    static Map<String, String> ruleTexts() throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> s = Files.list(Path.of("rules"))) {
            for (Path p : s.filter(x -> x.toString().endsWith(".drl")).sorted().toList()) {
                Matcher m = Pattern.compile("(?ms)^rule \"([^\"]+)\"(.*?)^end$").matcher(Files.readString(p));
                while (m.find()) {
                    out.put(m.group(1), m.group(2));
                }
            }
        }
        return out;
    }

    @Test
    void aFindingIsNamedByItsRuleNotByAnIdWrittenAgain() throws IOException {
        Map<String, String> rules = ruleTexts();
        for (String id : RuleHarness.engine().catalog().keySet()) {
            String text = rules.get(id);
            assertThat(text).as(id + " in rules/*.drl").isNotNull();
            Matcher written = Pattern.compile("Finding\\.of\\(\"([^\"]+)\"").matcher(text);
            while (written.find()) {
                assertThat(written.group(1)).as("the id " + id + " builds").isEqualTo(id);
            }
        }
    }

    /**
     * A rule page's header (its title and the line under it) is written by hand for customers, and
     * checked here against the rule's annotations: the id, layer, default severity, whether it is a
     * counter rule, and for each source requirement the command of one alternative.
     */
    @Test
    void everyRulePageHeaderAgreesWithTheRulesAnnotations() throws IOException {
        List<String> wrong = new java.util.ArrayList<>();
        for (RuleInfo r : RuleHarness.engine().catalog().values()) {
            List<String> lines = Files.readAllLines(Path.of("docs/rules", r.id() + ".md"));
            String header = lines.size() > 2 ? lines.get(2) : "";
            if (!lines.get(0).equals("# " + r.id())) {
                wrong.add(r.id() + ": title " + lines.get(0));
            }
            if (!header.startsWith("Layer: " + r.layer().label() + " · Default severity: "
                    + r.severity().label())) {
                wrong.add(r.id() + ": layer or severity: " + header);
            }
            if (header.contains("Kind: counter") != r.counter()) {
                wrong.add(r.id() + ": 'Kind: counter' " + (r.counter() ? "missing" : "on a configuration rule"));
            }
            for (RuleInfo.Requirement q : r.requirements()) {
                boolean named = q.alternatives().stream()
                        .anyMatch(all -> all.stream()
                                .allMatch(k -> pageSpelling(k).matcher(header).find()));
                if (!named) {
                    wrong.add(r.id() + ": sources name none of "
                            + q.alternatives().stream()
                                    .map(all -> all.stream()
                                            .map(RuleEngine::generic)
                                            .toList())
                                    .toList());
                }
            }
        }
        assertThat(wrong).isEmpty();
    }

    /**
     * A source as a page's header names it: its command without the switch prefix, any word where the
     * command has a parameter ({if}: the page may say IF, an interface, ens1f0np0); perftest's programs as "perftest".
     */
    private static Pattern pageSpelling(Enum<?> kind) {
        String template = kind instanceof SwitchSourceKind s
                ? s.templates().get(0)
                : ((SourceKind) kind).templates().get(0);
        if (template.startsWith("{program}")) {
            return Pattern.compile("perftest");
        }
        return Pattern.compile(
                Stream.of(template.split("\\{[a-z]+}", -1)).map(Pattern::quote).collect(Collectors.joining("\\S+")));
    }

    @Test
    void everyRuleHasADocPageAndEveryPageARule() throws IOException {
        Set<String> rules = RuleHarness.engine().catalog().keySet();
        Set<String> pages;
        try (Stream<Path> s = Files.list(Path.of("docs/rules"))) {
            pages = s.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".md"))
                    .map(n -> n.substring(0, n.length() - 3))
                    .collect(Collectors.toSet());
        }
        assertThat(pages).containsExactlyInAnyOrderElementsOf(rules);
        for (String id : rules) {
            assertThat(RuleDocs.explanation(id)).as(id + " explanation").isNotBlank();
        }
    }

    @Test
    void everyRuleIsNamedByAFiringAndANearMissTest() throws IOException {
        String tests;
        try (Stream<Path> s = Files.walk(Path.of("src/test/java/io/rocedoctor/engine"))) {
            tests = s.filter(p -> p.toString().endsWith("RulesTest.java"))
                    .map(p -> {
                        try {
                            return Files.readString(p);
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    })
                    .collect(Collectors.joining("\n"));
        }
        for (String id : RuleHarness.engine().catalog().keySet()) {
            assertThat(tests).as(id + " is asserted in a *RulesTest").contains(id);
        }
        assertThat(tests).contains("nearMiss");
    }
}
