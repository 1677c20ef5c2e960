package io.rocedoctor.synth;

/**
 * The topology of a synthesized host: NICs, ports per NIC, CPUs, NUMA nodes, completion
 * interrupts per port (0: one per NIC-local CPU, at most 63 as mlx5 does), the seconds
 * between the two samples, and the platform of the leaf switch dumped with the host
 * ({@code sonic}, {@code nvue} for Cumulus Linux NVUE, {@code eos} for Arista EOS, or {@code none} for a
 * bundle without switch evidence).
 */
public record HostShape(
        int nics,
        int portsPerNic,
        int cpus,
        int numaNodes,
        int queuesPerPort,
        int intervalSeconds,
        String switchPlatform) {

    /** The typical host of docs/performance.md: 2 NICs x 2 ports, 64 CPUs on 2 nodes, samples 10 s apart, a SONiC leaf. */
    public static final HostShape TYPICAL = new HostShape(2, 2, 64, 2, 0, 10, "sonic");

    public HostShape {
        if (nics < 1 || nics > 32) {
            throw new IllegalArgumentException("--nics must be 1..32, not " + nics);
        }
        if (portsPerNic < 1 || portsPerNic > 4) {
            throw new IllegalArgumentException("--ports must be 1..4, not " + portsPerNic);
        }
        if (numaNodes < 1 || numaNodes > 16 || cpus < numaNodes || cpus > 4096 || cpus % numaNodes != 0) {
            throw new IllegalArgumentException("--cpus must be a multiple of --numa-nodes (1..16), at most 4096: "
                    + cpus + " CPUs on " + numaNodes + " nodes");
        }
        if (queuesPerPort < 0 || queuesPerPort > 256) {
            throw new IllegalArgumentException("--queues must be 0 (automatic) to 256, not " + queuesPerPort);
        }
        if (intervalSeconds < 1 || intervalSeconds > 3600) {
            throw new IllegalArgumentException("--interval must be 1..3600 seconds, not " + intervalSeconds);
        }
        if (!java.util.List.of("sonic", "nvue", "eos", "none").contains(switchPlatform)) {
            throw new IllegalArgumentException("--switch must be sonic, nvue, eos or none, not " + switchPlatform);
        }
    }

    boolean hasSwitch() {
        return !switchPlatform.equals("none");
    }

    /** Whether the leaf is one of {@code platforms}: some faults show only where a platform's dump says it. */
    boolean switchIs(String... platforms) {
        return java.util.List.of(platforms).contains(switchPlatform);
    }

    int cpusPerNode() {
        return cpus / numaNodes;
    }

    /** Completion vectors per port: as asked, or one per local CPU capped at 63 (mlx5's default). */
    int queues() {
        return queuesPerPort > 0 ? queuesPerPort : Math.min(cpusPerNode(), 63);
    }
}
