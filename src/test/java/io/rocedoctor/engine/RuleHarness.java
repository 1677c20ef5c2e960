package io.rocedoctor.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.bundle.SwitchSourceKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Given facts, the findings: the rule tests' one entry point, with every host and switch source counted as collected. */
public final class RuleHarness {
    private static final RuleEngine ENGINE = RuleEngine.builtIn();
    /** The diagnoses of the running {@link Fires} or {@link NearMiss} test, for {@link RuleCheck}; null outside one. */
    private static final ThreadLocal<List<Diagnosis>> RECORDED = new ThreadLocal<>();

    private RuleHarness() {}

    public static Diagnosis diagnose(List<?> facts) {
        return diagnose(facts, "throughput");
    }

    public static Diagnosis diagnose(List<?> facts, String profile) {
        try {
            Set<Enum<?>> all = new HashSet<>(EnumSet.allOf(SourceKind.class));
            all.addAll(EnumSet.allOf(SwitchSourceKind.class));
            return seen(ENGINE.diagnose(new ArrayList<>(facts), Profile.builtIn(profile), all));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A diagnosis a test made without this harness's facts (a fleet, a bundle), shown to {@link RuleCheck}. */
    public static Diagnosis seen(Diagnosis d) {
        List<Diagnosis> recorded = RECORDED.get();
        if (recorded != null) {
            recorded.add(d);
        }
        return d;
    }

    static void recordDiagnoses() {
        RECORDED.set(new ArrayList<>());
    }

    /** The diagnoses made since {@link #recordDiagnoses}, which stops recording. */
    static List<Diagnosis> recordedDiagnoses() {
        List<Diagnosis> made = RECORDED.get();
        RECORDED.remove();
        return made == null ? List.of() : made;
    }

    public static List<String> ids(Diagnosis d) {
        return d.findings().stream()
                .map(f -> f.id() + "@" + f.subject())
                .sorted()
                .toList();
    }

    /** The one finding of {@code d}, after checking it is {@code id@subject} and alone. */
    public static Finding only(Diagnosis d, String idAtSubject) {
        assertThat(ids(d)).containsExactly(idAtSubject);
        return d.findings().get(0);
    }

    public static RuleEngine engine() {
        return ENGINE;
    }
}
