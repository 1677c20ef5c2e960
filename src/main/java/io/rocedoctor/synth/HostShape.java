package io.rocedoctor.synth;

/**
 * The topology of a synthesized host: NICs, ports per NIC, CPUs, NUMA nodes, completion
 * interrupts per port (0: one per NIC-local CPU, at most 63 as mlx5 does), the seconds
 * between the two samples, and the platform of the leaf switch dumped with the host
 * ({@code sonic}, {@code nvue} for Cumulus Linux NVUE, {@code eos} for Arista EOS, or {@code none} for a
 * bundle without switch evidence), the NVIDIA GPUs below each NIC's PCIe switch (0: no GPU, and the
 * NICs on root ports of their own), and the VLAN RoCE runs over on every port (0: none, RoCE on the
 * ports' own netdevs).
 */
public record HostShape(
        int nics,
        int portsPerNic,
        int cpus,
        int numaNodes,
        int queuesPerPort,
        int intervalSeconds,
        String switchPlatform,
        int gpusPerNic,
        int vlan) {

    /** The typical host of docs/performance.md: 2 NICs x 2 ports, 64 CPUs on 2 nodes, samples 10 s apart, a SONiC leaf. */
    public static final HostShape TYPICAL = new HostShape(2, 2, 64, 2, 0, 10, "sonic");

    /** A host without GPUs or VLANs. */
    public HostShape(
            int nics,
            int portsPerNic,
            int cpus,
            int numaNodes,
            int queuesPerPort,
            int intervalSeconds,
            String switchPlatform) {
        this(nics, portsPerNic, cpus, numaNodes, queuesPerPort, intervalSeconds, switchPlatform, 0, 0);
    }

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
        if (gpusPerNic < 0 || gpusPerNic > MAX_GPUS_PER_NIC) {
            throw new IllegalArgumentException("--gpus must be 0.." + MAX_GPUS_PER_NIC + " per NIC, not " + gpusPerNic);
        }
        if (vlan < 0 || vlan > 4094) {
            throw new IllegalArgumentException("--vlan must be 1..4094 (0: none), not " + vlan);
        }
    }

    /** GPUs a NIC's PCIe switch holds at most: the buses between two NICs' ranges. */
    static final int MAX_GPUS_PER_NIC = 4;

    /** A copy with {@code gpusPerNic} GPUs below each NIC's switch. */
    public HostShape withGpus(int gpusPerNic) {
        return new HostShape(
                nics, portsPerNic, cpus, numaNodes, queuesPerPort, intervalSeconds, switchPlatform, gpusPerNic, vlan);
    }

    /** A copy with RoCE over VLAN {@code vlan} on every port. */
    public HostShape withVlan(int vlan) {
        return new HostShape(
                nics, portsPerNic, cpus, numaNodes, queuesPerPort, intervalSeconds, switchPlatform, gpusPerNic, vlan);
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
