package io.rocedoctor.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.kie.api.runtime.rule.RuleContext;

/**
 * What a rule concluded about one subject: the rule id, the subject (port, NIC, bond...), the
 * scope it concerns (the names of NICs, ports and groups involved, used to relate causes and
 * symptoms), how sure it is, the severity when the rule sets one (otherwise the rule's default
 * from its metadata), the evidence and the proposed actions.
 */
public record Finding(
        String id,
        String subject,
        Set<String> scope,
        String confidence,
        String severity,
        List<Evidence> evidence,
        List<ActionProposal> actions) {

    public Finding {
        scope = java.util.Collections.unmodifiableSet(new TreeSet<>(scope));
        evidence = List.copyOf(evidence);
        actions = List.copyOf(actions);
    }

    public static Builder of(String id, String subject) {
        return new Builder(id, subject);
    }

    /**
     * A finding on {@code subject} whose id is the name of the rule that builds it: a consequence
     * ends with {@code build(kcontext)} (or {@link Builder#build(String)} in a test), so the id is
     * never written twice.
     */
    public static Builder about(String subject) {
        return new Builder(null, subject);
    }

    /** True when the two findings concern something in common, or either concerns the whole host. */
    public boolean related(Finding other) {
        if (scope.isEmpty() || other.scope.isEmpty()) {
            return true;
        }
        for (String s : scope) {
            if (other.scope.contains(s)) {
                return true;
            }
        }
        return false;
    }

    /** Builds a finding in a rule's consequence without a wall of constructor arguments. */
    public static final class Builder {
        private String id;
        private final String subject;
        private final Set<String> scope = new TreeSet<>();
        private String confidence = "likely";
        private String severity;
        private final List<Evidence> evidence = new ArrayList<>();
        private final List<ActionProposal> actions = new ArrayList<>();

        private Builder(String id, String subject) {
            this.id = id;
            this.subject = subject;
            scope.add(subject);
        }

        public Builder scope(String... names) {
            for (String n : names) {
                if (n != null) {
                    scope.add(n);
                }
            }
            return this;
        }

        public Builder scope(Iterable<String> names) {
            names.forEach(n -> {
                if (n != null) {
                    scope.add(n);
                }
            });
            return this;
        }

        public Builder hostWide() {
            scope.clear();
            return this;
        }

        public Builder confirmed() {
            confidence = "confirmed";
            return this;
        }

        public Builder likely() {
            confidence = "likely";
            return this;
        }

        public Builder possible() {
            confidence = "possible";
            return this;
        }

        public Builder confidence(String c) {
            confidence = c;
            return this;
        }

        public Builder severity(String s) {
            severity = s;
            return this;
        }

        /** The severity of this case, instead of the rule's {@code @severity}. */
        public Builder severity(Severity s) {
            return severity(s.label());
        }

        public Builder evidence(String source, Object value, String note) {
            evidence.add(Evidence.of(source, value, note));
            return this;
        }

        /** Proposes an action; parameters alternate name, value. */
        public Builder action(String action, String... parameters) {
            Map<String, String> p = new LinkedHashMap<>();
            for (int i = 0; i + 1 < parameters.length; i += 2) {
                // A null value is what the dump does not show (the SONiC map of a port): the parameter is absent.
                if (parameters[i + 1] != null) {
                    p.put(parameters[i], parameters[i + 1]);
                }
            }
            actions.add(new ActionProposal(action, p));
            return this;
        }

        public Finding build() {
            if (id == null) {
                throw new IllegalStateException(
                        "a finding about " + subject + " has no id: build it with its rule's name");
            }
            return new Finding(id, subject, scope, confidence, severity, evidence, actions);
        }

        /** The finding, named after the rule: what a rule's consequence inserts. */
        public Finding build(String ruleName) {
            id = ruleName;
            return build();
        }

        /** The finding, named after the rule firing ({@code kcontext} in a consequence). */
        public Finding build(RuleContext rule) {
            return build(rule.getRule().getName());
        }
    }
}
