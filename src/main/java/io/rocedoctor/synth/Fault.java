package io.rocedoctor.synth;

import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A fault the synthesizer can inject, named by the catalog rule that should catch it: which
 * hosts it fits, what it changes in a healthy host, and the findings a complete analysis then
 * reports for that host. {@code fleetAspects} says what it changes that the fleet rules compare
 * ({@code config:pfc}, {@code rate:pause}, {@code firmware}), so a fleet's expectations follow.
 * A fleet fault ({@code FLEET_*}) is injected into one host and caught only across hosts.
 */
public record Fault(
        String id,
        String description,
        int minHosts,
        Predicate<HostShape> fits,
        Consumer<HostModel> inject,
        Function<HostModel, List<ExpectedFinding>> expected,
        Set<String> fleetAspects) {

    public boolean fleet() {
        return id.startsWith("FLEET_");
    }
}
