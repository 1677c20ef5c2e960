package io.rocedoctor.bundle;

import java.util.List;

/**
 * One capture a bundle may hold: a kind and its arguments, such as
 * {@code ETHTOOL_STATS(ens1f0np0)}. Equality goes through the mangled arguments, since a bundle
 * without a manifest only knows its file names, where {@code 0000:3b:00.0} became {@code 0000_3b_00.0}.
 */
public record Source(SourceKind kind, List<String> args) implements Comparable<Source> {

    public Source {
        args = List.copyOf(args);
    }

    public static Source of(SourceKind kind, String... args) {
        return new Source(kind, List.of(args));
    }

    /** The first argument, the subject (interface, device, IRQ...) of most sources. */
    public String arg() {
        return args.isEmpty() ? "" : args.get(0);
    }

    /** The command line or path, as a person would type it, for reports and manifests. */
    public String display() {
        return kind.render(args);
    }

    String key() {
        return Mangling.identity(kind.name(), args);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Source s && s.key().equals(key());
    }

    @Override
    public int hashCode() {
        return key().hashCode();
    }

    @Override
    public int compareTo(Source o) {
        return display().compareTo(o.display());
    }

    @Override
    public String toString() {
        return display();
    }
}
