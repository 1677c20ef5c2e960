package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.OrderedCopy;
import java.util.Map;

/** The WRED/ECN profiles {@code show ecn} lists, by name. */
public record SonicEcnProfiles(Map<String, SonicWredProfile> profiles) {
    public SonicEcnProfiles {
        profiles = OrderedCopy.map(profiles);
    }
}
