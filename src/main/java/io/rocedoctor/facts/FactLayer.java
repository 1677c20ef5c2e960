package io.rocedoctor.facts;

import io.rocedoctor.bundle.CaptureKind;
import java.util.Set;

/**
 * What one fact layer declares: the source kinds it reads (host {@code SourceKind}s and switch
 * {@code SwitchSourceKind}s, parsed or expected), the fact types it consumes from the skeleton and
 * the other layers, and the fact types it produces. {@link FactBuilder} orders the layers from these
 * declarations; a layer can only take and add the types it declared.
 */
public record FactLayer(String name, Set<CaptureKind> reads, Set<Class<?>> consumes, Set<Class<?>> produces) {
    public FactLayer {
        reads = Set.copyOf(reads);
        consumes = Set.copyOf(consumes);
        produces = Set.copyOf(produces);
    }
}
