package io.rocedoctor.engine;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/** A rule's proposal: an action id of the action catalog with its typed parameters. The planner turns it into commands. */
public record ActionProposal(String action, Map<String, String> parameters) {
    public ActionProposal {
        parameters = Collections.unmodifiableMap(new TreeMap<>(parameters));
    }
}
