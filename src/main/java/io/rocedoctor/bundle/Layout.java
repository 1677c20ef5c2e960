package io.rocedoctor.bundle;

/** How a bundle was laid out when it arrived. */
public enum Layout {
    NATIVE,
    SOSREPORT,
    /** The output folder of NVIDIA's sysinfo-snapshot (docs/bundle-format.md). */
    SYSINFO_SNAPSHOT;

    /** The name reports give the layout: {@code native}, {@code sosreport}, {@code sysinfo-snapshot}. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
