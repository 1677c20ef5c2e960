package io.rocedoctor.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.drools.base.base.ObjectType;
import org.drools.base.base.ValueResolver;
import org.drools.base.rule.EntryPointId;
import org.drools.base.rule.constraint.AlphaNodeFieldConstraint;
import org.drools.core.common.BaseNode;
import org.drools.core.common.DefaultFactHandle;
import org.drools.core.impl.InternalRuleBase;
import org.drools.core.reteoo.AlphaNode;
import org.drools.core.reteoo.ObjectSink;
import org.drools.core.reteoo.ObjectSource;
import org.drools.core.reteoo.ObjectTypeNode;
import org.kie.api.KieBase;
import org.kie.api.definition.rule.Rule;

/**
 * Which facts some pattern of a rulebase can match, read from its network: a fact reaches a rule
 * only through its type's node and the alpha constraints below it (the tests on the fact alone,
 * {@code meaning == CounterMeaning.RETRANSMISSION}), to a join, an accumulate or a rule. A fact no
 * such path lets through can match nothing, so the session is spared its insertion; of a typical
 * host's ~2,300 counter rates the rules can match a handful (a meaning they test, moving). User rules
 * are in the same network, so what they read is let through too. A run that leaves rules out (a host
 * without RDMA leaves out every RoCE rule) inserts none of the facts only those rules read ({@link #without}).
 */
final class MatchableFacts {
    /** Where a fact goes from a node: a join or rule whatever the fact (null constraint), or on through a test. */
    private record Path(AlphaNodeFieldConstraint test, List<Path> next) {}

    private final List<ObjectTypeNode> typeNodes;
    /** The rules whose matches the run does not take: a node only they use leads nowhere. */
    private final Set<String> skipped;
    /** Per fact class, the paths from each of its types' nodes; none when no pattern reads that class. */
    private final Map<Class<?>, List<Path>> byClass = new ConcurrentHashMap<>();

    MatchableFacts(KieBase kieBase) {
        this(typeNodes(kieBase), Set.of());
    }

    private MatchableFacts(List<ObjectTypeNode> typeNodes, Set<String> skipped) {
        this.typeNodes = typeNodes;
        this.skipped = skipped;
    }

    private static List<ObjectTypeNode> typeNodes(KieBase kieBase) {
        Map<ObjectType, ObjectTypeNode> nodes =
                ((InternalRuleBase) kieBase).getRete().getObjectTypeNodes(EntryPointId.DEFAULT);
        return nodes == null ? List.of() : List.copyOf(nodes.values());
    }

    /**
     * The facts some rule not in {@code skipped} (rule names) can match: the run filters the skipped rules'
     * matches out, so the facts that reach only their patterns need not be inserted (nor joined, nor tested).
     */
    MatchableFacts without(Set<String> skipped) {
        return new MatchableFacts(typeNodes, skipped);
    }

    /**
     * The tests of one session's facts, asked one fact after another on one thread: the handle the
     * constraints read a fact through is one, set to each fact in turn (a handle per fact was ~4% of a
     * bundle's allocation).
     */
    final class Probe {
        private final DefaultFactHandle handle = new DefaultFactHandle();
        private final ValueResolver session;
        /** The paths of the last fact's class: a host's facts come by type, thousands of counter rates in a row. */
        private Class<?> lastType;

        private List<Path> lastPaths;

        private Probe(ValueResolver session) {
            this.session = session;
        }

        /** True when some pattern can match {@code fact}. */
        boolean matchable(Object fact) {
            if (fact.getClass() != lastType) {
                lastType = fact.getClass();
                lastPaths = byClass.computeIfAbsent(lastType, MatchableFacts.this::pathsOf);
            }
            List<Path> paths = lastPaths;
            if (paths.isEmpty()) {
                return false;
            }
            handle.setObject(fact);
            return passes(paths, handle, session);
        }
    }

    /** The probe of one session's facts; {@code session} resolves what a test may ask of a fact (globals). */
    Probe probe(ValueResolver session) {
        return new Probe(session);
    }

    private List<Path> pathsOf(Class<?> type) {
        List<Path> paths = new ArrayList<>();
        for (ObjectTypeNode node : typeNodes) {
            if (node.getObjectType().isAssignableFrom(type)) {
                paths.addAll(below(node));
            }
        }
        return List.copyOf(paths);
    }

    /**
     * The paths from a node's sinks: an alpha node tests the fact, anything else (a join, a rule) takes it; a
     * sink that only skipped rules use is no path.
     */
    private List<Path> below(ObjectSource source) {
        List<Path> paths = new ArrayList<>();
        for (ObjectSink sink : source.getObjectSinkPropagator().getSinks()) {
            if (!judged(sink)) {
                continue;
            }
            paths.add(
                    sink instanceof AlphaNode alpha
                            ? new Path(alpha.getConstraint(), below(alpha))
                            : new Path(null, List.of()));
        }
        return paths;
    }

    /** Whether a rule the run judges uses the node (every node knows the rules built through it). */
    private boolean judged(ObjectSink sink) {
        if (skipped.isEmpty()) {
            return true;
        }
        for (Rule rule : ((BaseNode) sink).getAssociatedRules()) {
            if (!skipped.contains(rule.getName())) {
                return true;
            }
        }
        return false;
    }

    private static boolean passes(List<Path> paths, DefaultFactHandle fact, ValueResolver session) {
        // By index: C1 does not remove an iterator's allocation, one per list per fact (~1.5% of a bundle's bytes).
        for (int i = 0; i < paths.size(); i++) {
            Path p = paths.get(i);
            if (p.test() == null || p.test().isAllowed(fact, session) && passes(p.next(), fact, session)) {
                return true;
            }
        }
        return false;
    }
}
