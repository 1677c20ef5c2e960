package io.rocedoctor.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.BundleReader;
import io.rocedoctor.facts.CounterMeaning;
import io.rocedoctor.facts.CounterRate;
import io.rocedoctor.facts.FactBuilder;
import io.rocedoctor.facts.Facts;
import io.rocedoctor.facts.NumaNode;
import io.rocedoctor.parse.CpuSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.drools.core.common.ReteEvaluator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kie.api.runtime.KieSession;

/**
 * The session is spared the facts no pattern can match, as the rulebase's network says: a counter
 * rate without a meaning is read by no built-in rule, one a user rule names is, and leaving the
 * unmatchable facts out changes no diagnosis of any fixture bundle. Sessions are reused, reset between bundles.
 */
class MatchableFactsTest {
    @TempDir
    Path dir;

    private static CounterRate rate(String counter, CounterMeaning meaning) {
        return new CounterRate("ens1f0np0", counter, meaning, 100, 400, 300, 30.0, false, false);
    }

    /** Whether the built-in rulebase would take each fact, asked in one session. */
    private static long unmatchable(List<?> facts) {
        KieSession session = RuleEngine.builtInKieBase().newKieSession();
        try {
            MatchableFacts.Probe probe = new MatchableFacts(RuleEngine.builtInKieBase()).probe((ReteEvaluator) session);
            return facts.stream().filter(f -> !probe.matchable(f)).count();
        } finally {
            session.dispose();
        }
    }

    private static boolean matchable(Object fact) {
        return unmatchable(List.of(fact)) == 0;
    }

    @Test
    void aCounterRateWithAMeaningTheRulesReadIsInserted() {
        assertThat(matchable(rate("rx_crc_errors_phy", CounterMeaning.RX_CRC_ERROR)))
                .isTrue();
    }

    @Test
    void nearMissACounterRateWithoutAMeaningIsLeftOut() {
        assertThat(matchable(rate("rx_vport_unicast_bytes", null))).isFalse();
    }

    @Test
    void aFactOfATypeNoPatternNamesIsLeftOutAndOneTheRulesJoinIsInserted() {
        assertThat(matchable("a string")).isFalse();
        assertThat(matchable(new NumaNode(0, CpuSet.of(List.of(0, 1))))).isTrue();
    }

    /** Whether a run leaving out the rules {@code skipped} would take the fact. */
    private static boolean matchableWithout(Object fact, Set<String> skipped) {
        KieSession session = RuleEngine.builtInKieBase().newKieSession();
        try {
            return new MatchableFacts(RuleEngine.builtInKieBase())
                    .without(skipped)
                    .probe((ReteEvaluator) session)
                    .matchable(fact);
        } finally {
            session.dispose();
        }
    }

    @Test
    void aFactOnlyTheRulesLeftOutReadIsLeftOutOfTheirRun() {
        CounterRate crc = rate("rx_crc_errors_phy", CounterMeaning.RX_CRC_ERROR);
        // PHY_CRC_ERRORS alone reads the CRC counters: a run that leaves it out has no use for them.
        assertThat(matchableWithout(crc, Set.of("PHY_CRC_ERRORS"))).isFalse();
        assertThat(matchableWithout(crc, Set.of("PHY_LINK_FLAPPING", "ROCE_RETRANSMITTING")))
                .isTrue();
        // A NUMA node is joined by IRQ_CROSS_NUMA alone: in while that rule is judged, whatever else is left out.
        NumaNode node = new NumaNode(0, CpuSet.of(List.of(0, 1)));
        assertThat(matchableWithout(node, Set.of("PHY_CRC_ERRORS"))).isTrue();
        assertThat(matchableWithout(node, Set.of("IRQ_CROSS_NUMA"))).isFalse();
    }

    @Test
    void oneProbeAnswersEachFactAsIfItWereTheOnlyOne() {
        List<Object> facts = List.of(
                rate("rx_crc_errors_phy", CounterMeaning.RX_CRC_ERROR),
                rate("rx_vport_unicast_bytes", null),
                "a string",
                new NumaNode(0, CpuSet.of(List.of(0, 1))),
                rate("rx_vport_unicast_bytes", null),
                rate("rx_crc_errors_phy", CounterMeaning.RX_CRC_ERROR));
        KieSession session = RuleEngine.builtInKieBase().newKieSession();
        try {
            MatchableFacts.Probe probe = new MatchableFacts(RuleEngine.builtInKieBase()).probe((ReteEvaluator) session);
            assertThat(facts.stream().map(probe::matchable).toList())
                    .containsExactly(true, false, false, true, false, true)
                    .isEqualTo(facts.stream().map(MatchableFactsTest::matchable).toList());
        } finally {
            session.dispose();
        }
    }

    @Test
    void aCounterAUserRuleNamesIsInsertedAndItsRuleFires() throws Exception {
        Path rules = Files.createDirectories(dir.resolve("rules"));
        Files.writeString(rules.resolve("site.drl"), """
                package site.rules;
                import io.rocedoctor.engine.Finding;
                import io.rocedoctor.facts.CounterRate;

                rule "SITE_UNICAST_MOVING"
                when
                    $c : CounterRate( counter == "rx_vport_unicast_bytes", delta > 0 )
                then
                    insertLogical(Finding.of("SITE_UNICAST_MOVING", $c.subject()).confirmed()
                        .evidence("ethtool -S " + $c.subject(), $c.delta(), "site rule").build());
                end
                """);
        CounterRate unicast = rate("rx_vport_unicast_bytes", null);
        // No built-in rule reads it: only the user rule's pattern lets it into the session.
        assertThat(matchable(unicast)).isFalse();
        assertThat(RuleEngine.withUserRules(rules)
                        .diagnose(List.of(unicast), Profile.builtIn("throughput"), new HashSet<>())
                        .findings())
                .extracting(Finding::id)
                .containsExactly("SITE_UNICAST_MOVING");
    }

    @Test
    void aSessionGivenBackDiagnosesTheNextBundleAsAFreshOneWould() throws Exception {
        Profile profile = Profile.builtIn("throughput");
        Facts storm = facts("pfc-storm-ecn-off");
        Facts healthy = facts("healthy");
        RuleEngine engine = RuleEngine.builtIn();
        Diagnosis first = engine.diagnose(storm, profile);
        assertThat(first.findings()).extracting(Finding::id).contains("PAUSE_STORM");
        // The storm's findings and facts are gone from the session the healthy host gets, and back for the storm.
        assertSameDiagnosis(
                "healthy",
                engine.diagnose(healthy, profile),
                RuleEngine.builtIn().diagnose(healthy, profile));
        assertSameDiagnosis("storm", engine.diagnose(storm, profile), first);
    }

    @Test
    void aRuleLeftOutOfOneBundleIsJudgedInTheNextThatHasWhatItNeeds() throws Exception {
        Profile throughput = Profile.builtIn("throughput");
        Profile audit = Profile.builtIn("audit");
        Facts healthy = facts("healthy");
        Facts sosreport = facts("sosreport-lspci-stderr");
        RuleEngine engine = RuleEngine.builtIn();
        // Each run as a fresh engine judges it, whatever the run before it collected or asked.
        Diagnosis lacking = engine.diagnose(sosreport, throughput);
        assertSameDiagnosis("sosreport", lacking, RuleEngine.builtIn().diagnose(sosreport, throughput));
        Diagnosis whole = engine.diagnose(healthy, throughput);
        assertSameDiagnosis("healthy", whole, RuleEngine.builtIn().diagnose(healthy, throughput));
        assertThat(whole.evaluatedRules())
                .hasSizeGreaterThan(lacking.evaluatedRules().size());
        assertSameDiagnosis(
                "audit", engine.diagnose(healthy, audit), RuleEngine.builtIn().diagnose(healthy, audit));
        assertSameDiagnosis("healthy again", engine.diagnose(healthy, throughput), whole);
        assertSameDiagnosis("sosreport again", engine.diagnose(sosreport, throughput), lacking);
    }

    /** The same findings, rules not evaluated and evaluated, and links (whose order the report does not keep). */
    private static void assertSameDiagnosis(String what, Diagnosis actual, Diagnosis expected) {
        assertThat(actual.findings()).as(what).isEqualTo(expected.findings());
        assertThat(actual.notEvaluated()).as(what).isEqualTo(expected.notEvaluated());
        assertThat(actual.evaluatedRules()).as(what).isEqualTo(expected.evaluatedRules());
        assertThat(new HashSet<>(actual.explains())).as(what).isEqualTo(new HashSet<>(expected.explains()));
    }

    private static Facts facts(String fixture) throws Exception {
        try (Bundle b = new BundleReader().read(Path.of("fixtures/bundles", fixture))) {
            return new FactBuilder().build(b);
        }
    }

    @Test
    void everyFixtureIsDiagnosedAsWithEveryFactInserted() throws Exception {
        RuleEngine engine = RuleEngine.builtIn();
        RuleEngine reference = engine.insertingEveryFact();
        Profile profile = Profile.builtIn("throughput");
        List<Path> fixtures;
        try (Stream<Path> s = Files.list(Path.of("fixtures/bundles"))) {
            fixtures = s.filter(Files::isDirectory).sorted().toList();
        }
        assertThat(fixtures).hasSizeGreaterThan(50);
        long leftOut = 0;
        for (Path fixture : fixtures) {
            try (Bundle b = new BundleReader().read(fixture)) {
                Facts facts = new FactBuilder().build(b);
                assertSameDiagnosis(
                        fixture.toString(), engine.diagnose(facts, profile), reference.diagnose(facts, profile));
                leftOut += unmatchable(facts.all());
            }
        }
        // The comparison means something only when facts were left out.
        assertThat(leftOut).isGreaterThan(1000);
    }
}
