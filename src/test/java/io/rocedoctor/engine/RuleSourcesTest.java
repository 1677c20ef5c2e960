package io.rocedoctor.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.bundle.SwitchSourceKind;
import io.rocedoctor.facts.FactBuilder;
import io.rocedoctor.facts.FactLayer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.drools.base.base.ClassObjectType;
import org.drools.base.definitions.rule.impl.RuleImpl;
import org.drools.base.rule.GroupElement;
import org.drools.base.rule.Pattern;
import org.drools.base.rule.RuleConditionElement;
import org.junit.jupiter.api.Test;
import org.kie.api.definition.rule.Rule;

/**
 * Each rule's {@code @sources} (read from the built KieBase) against where its facts come from: the
 * fact types its {@code when} matches (the patterns of the built rule), the layers producing them
 * and, through what those layers consume, every layer their facts are made from. A source the rule
 * declares that none of those layers reads, or a rule declaring none they read, fails.
 */
class RuleSourcesTest {

    @Test
    void everyDeclaredSourceIsReadByALayerTheRulesFactsComeFrom() {
        Map<String, Set<String>> possible = new TreeMap<>();
        for (var pkg : RuleEngine.builtInKieBase().getKiePackages()) {
            for (Rule rule : pkg.getRules()) {
                Set<Class<?>> matched = new java.util.HashSet<>();
                patterns(((RuleImpl) rule).getLhs(), matched);
                Set<String> from = sourcesOf(matched);
                if (!from.isEmpty()) {
                    possible.put(rule.getName(), from);
                }
            }
        }
        // The link's speed comes from the physical layer and the skeleton, never from a switch dump.
        assertThat(possible.get("PHY_LINK_SPEED_DEGRADED"))
                .contains("ETHTOOL_LINK", "MLXLINK")
                .doesNotContain("switch:SONIC_CONFIG_DB", "RDMA_STATISTIC");
        List<String> wrong = new ArrayList<>();
        int judged = 0;
        for (RuleInfo r : RuleHarness.engine().catalog().values()) {
            Set<String> from = possible.get(r.id());
            if (from == null) {
                continue; // fleet rules match fleet facts, built from whole bundles
            }
            judged++;
            Set<String> declared = new TreeSet<>();
            r.requirements().forEach(q -> q.alternatives().forEach(a -> a.forEach(k -> declared.add(name(k)))));
            Set<String> unread = new TreeSet<>(declared);
            unread.removeAll(from);
            if (!unread.isEmpty()) {
                wrong.add(r.id() + " declares " + unread + ", which no layer its facts come from reads");
            }
            if (declared.stream().noneMatch(from::contains)) {
                wrong.add(r.id() + " declares none of the sources its facts come from");
            }
        }
        assertThat(judged).isGreaterThan(40);
        assertThat(wrong).isEmpty();
    }

    /**
     * Each fact a rule's {@code when} requires (a pattern outside {@code not}, {@code exists} and
     * {@code from collect}, whose absence would only make the rule silent) comes from a source it
     * declares: a rule needing {@code SwitchPort} but declaring no switch kind would be evaluated,
     * and pass, on a bundle without switches. Not judged: the skeleton's facts (ports, NICs: every
     * bundle's base), {@code RdmaDevice} (without one the engine reports the RoCE rules not evaluated,
     * {@code RuleEngine.NO_RDMA_DEVICE}) and the engine's own facts (thresholds, findings).
     */
    @Test
    void everyFactARuleRequiresComesFromASourceItDeclares() {
        List<String> wrong = new ArrayList<>();
        Map<String, RuleInfo> catalog = RuleHarness.engine().catalog();
        for (var pkg : RuleEngine.builtInKieBase().getKiePackages()) {
            for (Rule rule : pkg.getRules()) {
                RuleInfo info = catalog.get(rule.getName());
                if (info == null) {
                    continue;
                }
                Set<String> declared = new TreeSet<>();
                info.requirements().forEach(q -> q.alternatives().forEach(a -> a.forEach(k -> declared.add(name(k)))));
                Set<Class<?>> required = new java.util.LinkedHashSet<>();
                requiredPatterns(((RuleImpl) rule).getLhs(), required);
                for (Class<?> type : required) {
                    Set<String> from = basic(type) ? Set.of() : sourcesOf(Set.of(type));
                    if (!from.isEmpty() && declared.stream().noneMatch(from::contains)) {
                        wrong.add(info.id() + " requires " + type.getSimpleName() + " facts but declares none of "
                                + from);
                    }
                }
            }
        }
        assertThat(wrong).isEmpty();
    }

    private static boolean basic(Class<?> type) {
        return type == io.rocedoctor.facts.RdmaDevice.class
                || FactBuilder.layers().get(0).produces().contains(type);
    }

    /** The types of the patterns a match needs: not under not/exists, and not the facts a collect gathers. */
    private static void requiredPatterns(RuleConditionElement e, Set<Class<?>> required) {
        if (e instanceof GroupElement g && (g.isNot() || g.isExists())) {
            return;
        }
        if (e instanceof Pattern p) {
            if (p.getObjectType() instanceof ClassObjectType c) {
                required.add(c.getClassType());
            }
            if (p.getSource() != null) {
                return;
            }
        }
        for (RuleConditionElement nested : e.getNestedElements()) {
            requiredPatterns(nested, required);
        }
    }

    private static String name(Enum<?> kind) {
        return (kind instanceof SwitchSourceKind ? "switch:" : "") + kind.name();
    }

    private static void patterns(RuleConditionElement e, Set<Class<?>> matched) {
        if (e instanceof Pattern p && p.getObjectType() instanceof ClassObjectType c) {
            matched.add(c.getClassType());
        }
        for (RuleConditionElement nested : e.getNestedElements()) {
            patterns(nested, matched);
        }
    }

    /** The sources read by the layers producing these types, and by the layers those consume from, to the skeleton. */
    private static Set<String> sourcesOf(Set<Class<?>> types) {
        List<FactLayer> layers = FactBuilder.layers();
        Set<String> out = new TreeSet<>();
        Set<Class<?>> todo = new java.util.HashSet<>(types);
        Set<FactLayer> seen = new java.util.HashSet<>();
        while (!todo.isEmpty()) {
            Class<?> type = todo.iterator().next();
            todo.remove(type);
            for (FactLayer l : layers) {
                if (l.produces().contains(type) && seen.add(l)) {
                    l.reads().forEach(k -> out.add(name((Enum<?>) k)));
                    todo.addAll(l.consumes());
                    // Every layer builds on the skeleton's ports, NICs, PCI tree and counters.
                    if (l != layers.get(0) && seen.add(layers.get(0))) {
                        layers.get(0).reads().forEach(k -> out.add(name((Enum<?>) k)));
                    }
                }
            }
        }
        return out;
    }
}
