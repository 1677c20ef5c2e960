package io.rocedoctor.engine;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Holds a {@link Fires} or {@link NearMiss} test to its word: after the test passed, each rule it
 * names for firing has a finding in one of the diagnoses the test made, and each rule it names as
 * a near miss is absent from one of them, so a marker cannot outlive the case it describes.
 */
final class RuleCheck implements BeforeEachCallback, AfterEachCallback {

    @Override
    public void beforeEach(ExtensionContext context) {
        RuleHarness.recordDiagnoses();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        List<Diagnosis> made = RuleHarness.recordedDiagnoses();
        if (context.getExecutionException().isPresent()) {
            return;
        }
        List<String> wrong = new ArrayList<>();
        var method = context.getRequiredTestMethod();
        Fires fires = method.getAnnotation(Fires.class);
        for (String id : fires == null ? new String[0] : fires.value()) {
            if (made.stream().noneMatch(d -> has(d, id))) {
                wrong.add(id + " is marked @Fires but fired in none of the test's " + made.size() + " diagnoses");
            }
        }
        NearMiss nearMiss = method.getAnnotation(NearMiss.class);
        for (String id : nearMiss == null ? new String[0] : nearMiss.value()) {
            if (made.stream().allMatch(d -> has(d, id))) {
                wrong.add(id + " is marked @NearMiss but fired in all of the test's " + made.size() + " diagnoses");
            }
        }
        if (!wrong.isEmpty()) {
            throw new AssertionError(method.getName() + ": " + String.join("; ", wrong));
        }
    }

    private static boolean has(Diagnosis d, String id) {
        return d.findings().stream().anyMatch(f -> f.id().equals(id));
    }
}
