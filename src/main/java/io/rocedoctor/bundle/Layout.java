package io.rocedoctor.bundle;

/** How a bundle was laid out when it arrived. */
public enum Layout {
    NATIVE, SOSREPORT;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
