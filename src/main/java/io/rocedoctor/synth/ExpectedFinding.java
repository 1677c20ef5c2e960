package io.rocedoctor.synth;

/** A finding a synthesized bundle must produce: rule id, subject, and severity and confidence when the fault fixes them (else null). */
public record ExpectedFinding(String id, String subject, String severity, String confidence) {

    static ExpectedFinding of(String id, String subject) {
        return new ExpectedFinding(id, subject, null, null);
    }

    /** The expected.yaml flow mapping of fixtures/bundles. */
    String yaml() {
        return "{id: " + id + ", subject: \"" + subject + "\"" + (severity == null ? "" : ", severity: " + severity)
                + (confidence == null ? "" : ", confidence: " + confidence) + "}";
    }
}
