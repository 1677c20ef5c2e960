package io.rocedoctor.facts;

import io.rocedoctor.parse.OrderedCopy;
import java.util.List;
import java.util.Map;

/**
 * The receive queues of one port, from {@code ethtool -l/-g/-x/-n}. Anything not collected is null.
 *
 * @param localCpus        CPUs local to the NIC ({@code local_cpulist}, else its NUMA node's)
 * @param localCores       the physical cores among them (lscpu's threads per core; the CPU count
 *                         when lscpu was not collected)
 * @param rxQueues         receive channels in use (combined plus RX-only; without {@code ethtool -l},
 *                         the ring count in the title of {@code ethtool -x})
 * @param maxRxQueues      the driver's preset maximum of receive channels: the larger of its RX and
 *                         Combined maximums, which are alternatives and do not add
 * @param ringRx           current RX ring size, descriptors
 * @param maxRingRx        preset maximum RX ring size
 * @param rssQueuesUsed    distinct queues the RSS indirection table points to; null when the
 *                         table was not collected or is elided ("...")
 * @param rssWeightRatio   entries of the busiest queue over those of the idlest used one
 * @param flowHash         per flow type ("udp4", "tcp4"), the hashed fields in ethtool -N letters
 *                         ("sdfn": IP SA, IP DA, L4 bytes 0-1 and 2-3)
 * @param hashWithoutL4    flow types among {@code udp4} and {@code tcp4} whose hash lacks the L4 port bytes
 */
public record QueueConfig(
        String port,
        String nic,
        Integer localCpus,
        Integer localCores,
        Integer rxQueues,
        Integer maxRxQueues,
        Long ringRx,
        Long maxRingRx,
        Integer rssQueuesUsed,
        Double rssWeightRatio,
        Map<String, String> flowHash,
        List<String> hashWithoutL4) {
    public QueueConfig {
        flowHash = OrderedCopy.map(flowHash);
        hashWithoutL4 = List.copyOf(hashWithoutL4);
    }
}
