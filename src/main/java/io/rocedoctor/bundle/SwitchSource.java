package io.rocedoctor.bundle;

import java.util.List;

/**
 * One capture a switch dump may hold: a kind and its arguments, such as
 * {@code NVUE_INTERFACE_PFC(swp16)}. Equality goes through the mangled arguments, as for {@link Source}.
 */
public record SwitchSource(SwitchSourceKind kind, List<String> args) implements Comparable<SwitchSource> {

    public SwitchSource {
        args = List.copyOf(args);
    }

    public static SwitchSource of(SwitchSourceKind kind, String... args) {
        return new SwitchSource(kind, List.of(args));
    }

    /** The first argument (the switch port of per-port sources), or empty. */
    public String arg() {
        return args.isEmpty() ? "" : args.get(0);
    }

    /** The command line or path, as typed on the switch. */
    public String display() {
        return kind.render(args);
    }

    private String key() {
        return Mangling.identity(kind.name(), args);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SwitchSource s && s.key().equals(key());
    }

    @Override
    public int hashCode() {
        return key().hashCode();
    }

    @Override
    public int compareTo(SwitchSource o) {
        return display().compareTo(o.display());
    }

    @Override
    public String toString() {
        return display();
    }
}
