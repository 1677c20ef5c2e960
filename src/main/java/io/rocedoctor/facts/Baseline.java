package io.rocedoctor.facts;

/**
 * One perftest run found in the bundle: the program ({@code ib_write_bw}), the RDMA device and the
 * netdev and NIC behind it (null when unknown), the message size of the row judged, and either the
 * bandwidth figures in Gb/s (the row with the best average, the ceiling the run reached) or the
 * latency figures in microseconds (the smallest message, the classic latency figure). The
 * expected ceiling of a bandwidth run is min(port speed, PCIe ceiling of the NIC); the PCIe part is
 * the link's usable bandwidth after encoding ({@code pcieUsableGbps}), which the profile's TLP
 * overhead factor scales down, so the rule computes it.
 */
public record Baseline(
        String source,
        String test,
        boolean latency,
        String ibdev,
        String netdev,
        String nic,
        long messageBytes,
        Double averageGbps,
        Double peakGbps,
        Double typicalUsec,
        Double p99Usec,
        Double p999Usec,
        Double maxUsec,
        Double portGbps,
        Double pcieUsableGbps) {

    /** min(port speed, PCIe usable x overhead factor) over what is known; null when neither is. */
    public Double expectedGbps(double pcieOverheadFactor) {
        Double pcie = pcieUsableGbps == null ? null : pcieUsableGbps * pcieOverheadFactor;
        if (portGbps == null) {
            return pcie;
        }
        return pcie == null ? portGbps : Math.min(portGbps, pcie);
    }

    /** The measured average over the expected ceiling; null when either is unknown. */
    public Double shareOfExpected(double pcieOverheadFactor) {
        Double expected = expectedGbps(pcieOverheadFactor);
        return averageGbps == null || expected == null || expected <= 0 ? null : averageGbps / expected;
    }

    /** The 99th percentile over the typical latency; null when either is unknown. */
    public Double tailRatio() {
        return typicalUsec == null || p99Usec == null || typicalUsec <= 0 ? null : p99Usec / typicalUsec;
    }
}
