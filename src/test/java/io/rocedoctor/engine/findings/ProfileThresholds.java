package io.rocedoctor.engine.findings;

import io.rocedoctor.engine.Profile;
import io.rocedoctor.engine.Thresholds;
import java.io.IOException;
import java.io.UncheckedIOException;

/** The built-in profiles' thresholds, for the finding builders' tests. */
final class ProfileThresholds {
    private ProfileThresholds() {}

    static Thresholds of(String profile) {
        try {
            return Profile.builtIn(profile).thresholds();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
