package io.rocedoctor.parse;

/**
 * The RDMA driver stack a host runs, as {@code ofed_info -s} names it.
 *
 * @param distribution {@code MLNX_OFED_LINUX}, or {@code OFED-internal} (DOCA-Host)
 * @param version {@code 5.8-1.0.1.1}, {@code 24.01-0.3.3}
 */
public record DriverStack(String distribution, String version) {

    /** {@code MLNX_OFED_LINUX-5.8-1.0.1.1}, as the tool prints it. */
    public String label() {
        return distribution + "-" + version;
    }
}
