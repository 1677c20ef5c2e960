package io.rocedoctor.facts;

/**
 * The PCIe path of a NIC to its root port, reduced to what limits it: the NIC's own link
 * (capability and status) and the narrowest link on the path ({@code limitingAddress}; the NIC
 * itself when no bridge is narrower). {@code usableGbps} is the per-lane rate after line
 * encoding times the width of the narrowest link; the catalog compares port demand with 0.85
 * of it to leave room for TLP/DLLP overhead.
 */
public record PcieLink(String nic, String address, int capGeneration, int capWidth, double capGts,
                       int generation, int width, double gts, boolean downgraded,
                       String limitingAddress, double usableGbps, Integer maxPayload, Integer maxReadReq,
                       String capLine, String staLine) {

    /** Usable Gb/s per lane after encoding for a transfer rate in GT/s (8b/10b to Gen2, 128b/130b after). */
    public static double perLaneGbps(double gts) {
        if (gts >= 64) {
            return 60.5; // Gen6: PAM4 with FLIT mode; the catalog's approximation
        }
        if (gts >= 8) {
            return gts * 128.0 / 130.0;
        }
        return gts * 8.0 / 10.0;
    }
}
