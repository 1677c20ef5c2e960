package io.rocedoctor.engine;

import java.util.List;

/** A rule that could not be judged, and why: the sources it needs that the bundle lacks, or the profile's choice. */
public record NotEvaluated(String rule, List<String> missing, String reason) {
    public NotEvaluated {
        missing = List.copyOf(missing);
    }
}
