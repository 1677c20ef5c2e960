package io.rocedoctor.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The built rulebase is complete: the kie plugin builds an empty KieBase without failing when it
 * cannot find the DRL, so this test is what catches it. Every rule has its metadata, its doc
 * page, and a firing and a near-miss test marked for it ({@link Fires}, {@link NearMiss}).
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
            "ROCE_TRAFFIC_CLASS_UNSET",
            "MULTI_NIC_SAME_SUBNET",
            "CNP_MARKING_UNSAFE",
            "ROCE_VLAN_PRIORITY_MISMATCH",
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

    /**
     * A built-in rule's finding takes its id from the rule ({@code build(kcontext)}): neither a rule nor a
     * finding builder of engine.findings writes an id again ({@code Finding.of} is for user rules).
     */
    @Test
    void aFindingIsNamedByItsRuleNotByAnIdWrittenAgain() throws IOException {
        Pattern writtenId = Pattern.compile("(?<![\\w.])Finding\\.of\\(");
        Map<String, String> rules = ruleTexts();
        for (String id : RuleHarness.engine().catalog().keySet()) {
            assertThat(rules.get(id)).as(id + " in rules/*.drl").isNotNull().doesNotContainPattern(writtenId);
        }
        try (Stream<Path> builders = Files.list(Path.of("src/main/java/io/rocedoctor/engine/findings"))) {
            for (Path p : builders.toList()) {
                assertThat(Files.readString(p)).as(p.toString()).doesNotContainPattern(writtenId);
            }
        }
        assertThat("insertLogical(Finding.of(\"X\", s).build())").containsPattern(writtenId);
        assertThat("DscpMapFinding.of($l, $r)").doesNotContainPattern(writtenId);
    }

    /**
     * A rule page's title is its id and its header (line 3) exactly what the rule's annotations say
     * ({@link RulePageHeader}). {@code mvn -o test -Dtest=RulebaseTest -Droce.doctor.writeRulePages=true}
     * rewrites the headers that differ instead of failing.
     */
    @Test
    void everyRulePageHeaderIsTheOneItsAnnotationsGive() throws IOException {
        boolean write = Boolean.getBoolean("roce.doctor.writeRulePages");
        List<String> wrong = new java.util.ArrayList<>();
        for (RuleInfo r : RuleHarness.engine().catalog().values()) {
            Path page = Path.of("docs/rules", r.id() + ".md");
            List<String> lines = new java.util.ArrayList<>(Files.readAllLines(page));
            if (!lines.get(0).equals("# " + r.id())) {
                wrong.add(r.id() + ": title " + lines.get(0));
            }
            String header = RulePageHeader.of(r);
            if (lines.size() > 2 && lines.get(2).equals(header)) {
                continue;
            }
            if (write && lines.size() > 2) {
                lines.set(2, header);
                Files.writeString(page, String.join("\n", lines) + "\n");
            } else {
                wrong.add(r.id() + ": line 3 should read " + header);
            }
        }
        assertThat(wrong).isEmpty();
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

    /**
     * Each rule's firing and near-miss tests, found by their markers ({@link Fires}, {@link NearMiss}) on
     * the test methods of this package; {@link RuleCheck} holds each marked test to what it claims.
     */
    @Test
    void everyRuleHasAFiringAndANearMissTestMarkedForIt() throws IOException {
        Map<String, Set<String>> fires = new TreeMap<>();
        Map<String, Set<String>> nearMisses = new TreeMap<>();
        for (Method m : engineTestMethods()) {
            String test = m.getDeclaringClass().getSimpleName() + "." + m.getName();
            Fires f = m.getAnnotation(Fires.class);
            NearMiss n = m.getAnnotation(NearMiss.class);
            for (String id : f == null ? new String[0] : f.value()) {
                fires.computeIfAbsent(id, k -> new TreeSet<>()).add(test);
            }
            for (String id : n == null ? new String[0] : n.value()) {
                nearMisses.computeIfAbsent(id, k -> new TreeSet<>()).add(test);
            }
        }
        Set<String> rules = RuleHarness.engine().catalog().keySet();
        List<String> lacking = new java.util.ArrayList<>();
        for (String id : new TreeSet<>(rules)) {
            if (!fires.containsKey(id)) {
                lacking.add(id + " has no @Fires test");
            }
            if (!nearMisses.containsKey(id)) {
                lacking.add(id + " has no @NearMiss test");
            }
        }
        assertThat(lacking).isEmpty();
        assertThat(rules)
                .as("the rules the markers name")
                .containsAll(fires.keySet())
                .containsAll(nearMisses.keySet());
    }

    /** The test methods of the compiled classes of this package and below. */
    private static List<Method> engineTestMethods() throws IOException {
        Path classes = Path.of("target/test-classes");
        try (Stream<Path> s = Files.walk(classes.resolve("io/rocedoctor/engine"))) {
            return s.map(p -> classes.relativize(p).toString())
                    .filter(n -> n.endsWith(".class") && !n.contains("$"))
                    .map(n ->
                            load(n.substring(0, n.length() - ".class".length()).replace('/', '.')))
                    .flatMap(c -> Stream.of(c.getDeclaredMethods()))
                    .toList();
        }
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, RulebaseTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
