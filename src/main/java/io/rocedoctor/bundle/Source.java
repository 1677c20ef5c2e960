package io.rocedoctor.bundle;

import java.util.List;

/**
 * One capture a bundle may hold: a kind and its arguments, such as
 * {@code ETHTOOL_STATS(ens1f0np0)}. Equality goes through the mangled arguments, since a bundle
 * without a manifest only knows its file names, where {@code 0000:3b:00.0} became {@code 0000_3b_00.0}.
 *
 * <p>A class rather than a record so that the mangled key is made once: sources are map keys of
 * every lookup a fact builder makes, and mangling the arguments at each {@code hashCode} was ~6%
 * of a bundle's analysis.
 */
public final class Source implements Comparable<Source> {
    private final SourceKind kind;
    private final List<String> args;
    private final String key;
    /** The rendering, made on first use: sources sort and print by it, and most made for a lookup never render. */
    private String display;

    public Source(SourceKind kind, List<String> args) {
        this.kind = kind;
        this.args = List.copyOf(args);
        this.key = Mangling.identity(kind.name(), this.args);
    }

    public static Source of(SourceKind kind, String... args) {
        return new Source(kind, List.of(args));
    }

    public SourceKind kind() {
        return kind;
    }

    public List<String> args() {
        return args;
    }

    /** The first argument, the subject (interface, device, IRQ...) of most sources. */
    public String arg() {
        return args.isEmpty() ? "" : args.get(0);
    }

    /** The command line or path, as a person would type it, for reports and manifests. */
    public String display() {
        String shown = display;
        if (shown == null) {
            // Racing threads each render the same text: no lock is needed for an immutable String.
            shown = kind.render(args);
            display = shown;
        }
        return shown;
    }

    String key() {
        return key;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Source s && s.key.equals(key);
    }

    @Override
    public int hashCode() {
        return key.hashCode();
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
