package io.rocedoctor.facts;

import java.util.List;

/**
 * The PCIe path of a NIC to its root port: the NIC's own link (capability and status), every
 * link of the path ({@code path}, the NIC's first, then each PCIe switch's upstream link), and the
 * narrowest link ({@code limitingAddress}; the NIC itself when no bridge is narrower).
 * {@code usableGbps} is the per-lane rate after line encoding times the width of the narrowest
 * link; the catalog compares port demand with 0.85 of it to leave room for TLP/DLLP overhead.
 * {@code downgraded}: some link of the path trained below what both its ends can do.
 */
public record PcieLink(
        String nic,
        String address,
        int capGeneration,
        int capWidth,
        double capGts,
        int generation,
        int width,
        double gts,
        boolean downgraded,
        String limitingAddress,
        double usableGbps,
        Integer maxPayload,
        Integer maxReadReq,
        String capLine,
        String staLine,
        List<Segment> path) {

    public PcieLink {
        path = List.copyOf(path);
    }

    /** The links of the path that trained below their capability, NIC first. */
    public List<Segment> downgradedLinks() {
        return path.stream().filter(Segment::downgraded).toList();
    }

    /**
     * One link between two ports, judged by numbers, never by lspci's "(downgraded)" word (pciutils
     * 3.8+ prints it on endpoints and upstream ports only, older ones on every port).
     *
     * @param lower the end away from the CPU: the NIC, or a PCIe switch's upstream port
     * @param upper the end towards the CPU (a switch downstream port, a root port); null when lspci lacks it
     * @param capGts the lower of the two ends' LnkCap speeds
     * @param capWidth the lower of the two ends' LnkCap widths
     * @param gts the LnkSta speed (of the lower end; the upper end's when the lower prints none)
     * @param width the LnkSta width, likewise
     * @param capLine the LnkCap the link is judged against, as {@code Speed 32GT/s, Width x16}
     * @param staLine the LnkSta, likewise
     */
    public record Segment(
            String lower,
            String upper,
            double capGts,
            int capWidth,
            double gts,
            int width,
            String capLine,
            String staLine) {
        public boolean downgraded() {
            return gts < capGts || width < capWidth;
        }

        /** {@code 0000:3b:00.0 - 0000:3a:00.0}, the lower end first. */
        public String ends() {
            return upper == null ? lower : lower + " - " + upper;
        }
    }

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
