package io.rocedoctor.parse;

import java.util.List;
import java.util.Map;

/**
 * One perftest run: the banner and the result table, either possibly absent (a pasted excerpt).
 *
 * @param test          from the banner title; null when no title was captured
 * @param latency       whether this is a latency test (from the title or the table header); null
 *                      when neither was captured
 * @param banner        the "Key : value" parameters of the banner
 * @param bandwidthUnit "Gb/sec" ({@code --report_gbits}) or "MB/sec" (MiB/s, perftest's MB), from
 *                      the table header; null when no header was captured
 * @param bandwidthRows the rows of a bandwidth test, several for {@code -a} or {@code --run_infinitely}
 * @param latencyRows   the rows of a latency test, in microseconds
 */
public record PerftestResult(
        PerftestProgram test,
        Boolean latency,
        Banner banner,
        String bandwidthUnit,
        List<BandwidthRow> bandwidthRows,
        List<LatencyRow> latencyRows) {
    public PerftestResult {
        bandwidthRows = List.copyOf(bandwidthRows);
        latencyRows = List.copyOf(latencyRows);
    }

    /**
     * The banner parameters; each null when not printed.
     *
     * @param mtuBytes       "Mtu : 4096[B]"
     * @param maxInlineBytes "Max inline data : 0[B]"
     * @param rdmaCmQps      "rdma_cm QPs : ON"
     * @param all            every parameter as printed, key with single spaces ("Data ex. method")
     */
    public record Banner(
            String device,
            Integer qpCount,
            String transportType,
            String connectionType,
            Boolean usingSrq,
            Integer txDepth,
            Integer mtuBytes,
            String linkType,
            Integer gidIndex,
            Integer maxInlineBytes,
            Boolean rdmaCmQps,
            String dataExchangeMethod,
            Map<String, String> all) {
        public Banner {
            all = OrderedCopy.map(all);
        }
    }

    /** A bandwidth row; a value is null when its column was not printed. */
    public record BandwidthRow(long bytes, long iterations, Double peak, Double average, Double messageRateMpps) {}

    /** A latency row in microseconds; a value is null when its column was not printed (older perftest). */
    public record LatencyRow(
            long bytes,
            long iterations,
            Double minimum,
            Double maximum,
            Double typical,
            Double average,
            Double stdev,
            Double percentile99,
            Double percentile999) {}

    /** The average bandwidth of a row in Gbit/s, whichever unit perftest printed; null when unknown. */
    public Double averageGbitPerSecond(BandwidthRow row) {
        if (row.average() == null || bandwidthUnit == null) {
            return null;
        }
        return switch (bandwidthUnit) {
            case "Gb/sec" -> row.average();
            case "MB/sec" -> row.average() * 1048576 * 8 / 1e9;
            default -> null;
        };
    }
}
