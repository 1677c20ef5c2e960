package io.rocedoctor.parse.sw;

import java.util.Map;

/** The WRED/ECN profiles {@code show ecn} lists, by name. */
public record SonicEcnProfiles(Map<String, SonicWredProfile> profiles) {
    public SonicEcnProfiles {
        profiles = Map.copyOf(profiles);
    }
}
