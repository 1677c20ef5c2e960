package io.rocedoctor.bundle;

/** The network operating system of a switch dump, as its manifest's {@code platform:} names it. */
public enum SwitchPlatform {
    SONIC("sonic"),
    CUMULUS_NVUE("cumulus-nvue"),
    ARISTA_EOS("arista-eos"),
    OTHER("other");

    private final String label;

    SwitchPlatform(String label) {
        this.label = label;
    }

    /** The manifest spelling. */
    public String label() {
        return label;
    }

    /** The platform a manifest names; anything unknown is {@link #OTHER}. */
    public static SwitchPlatform of(String label) {
        for (SwitchPlatform p : values()) {
            if (p.label.equalsIgnoreCase(label == null ? "" : label.strip())) {
                return p;
            }
        }
        return OTHER;
    }
}
