package io.rocedoctor.parse.sw;

import java.util.List;
import java.util.Optional;

/**
 * The RoCE settings of {@code nv show qos roce} or {@code nv show interface IF qos roce status}:
 * whether RoCE is on, its mode ({@code lossless}, {@code lossless-single-ipool}, {@code lossy-multi-tc}),
 * the PFC priorities, the ECN profile (thresholds in bytes), trust, the priority and traffic-class
 * maps and the pools. Absent values are null or empty lists.
 */
public record NvueRoce(
        Boolean enabled,
        String mode,
        List<Integer> pfcPriorities,
        Boolean pfcRxEnabled,
        Boolean pfcTxEnabled,
        Integer cableLength,
        String congestionMode,
        List<Integer> congestionTrafficClasses,
        Long ecnMinThresholdBytes,
        Long ecnMaxThresholdBytes,
        Integer ecnProbability,
        List<String> trust,
        List<PriorityMapping> priorityMappings,
        List<TrafficClassMapping> trafficClassMappings,
        List<Pool> pools) {

    public NvueRoce {
        pfcPriorities = List.copyOf(pfcPriorities);
        congestionTrafficClasses = List.copyOf(congestionTrafficClasses);
        trust = List.copyOf(trust);
        priorityMappings = List.copyOf(priorityMappings);
        trafficClassMappings = List.copyOf(trafficClassMappings);
        pools = List.copyOf(pools);
    }

    /** PCP and DSCP values mapped to a switch priority; {@code label} is the row's name ({@code 3}, {@code roce}, {@code cnp}). */
    public record PriorityMapping(String label, Integer pcp, List<Integer> dscp, Integer switchPriority) {
        public PriorityMapping {
            dscp = List.copyOf(dscp);
        }
    }

    /** A switch priority's traffic class and scheduler ({@code DWRR-50%}, {@code strict-priority}). */
    public record TrafficClassMapping(String label, Integer switchPriority, Integer trafficClass, String scheduler) {}

    /** A buffer pool; {@code size} as printed ({@code 100%}, {@code inf}, {@code 15.16 MB}). */
    public record Pool(
            String name, String mode, String size, List<Integer> switchPriorities, List<Integer> trafficClasses) {
        public Pool {
            switchPriorities = List.copyOf(switchPriorities);
            trafficClasses = List.copyOf(trafficClasses);
        }
    }

    /** The switch priority a DSCP value lands on, when the map says. */
    public Optional<Integer> switchPriorityOfDscp(int dscp) {
        return priorityMappings.stream()
                .filter(m -> m.dscp().contains(dscp))
                .map(PriorityMapping::switchPriority)
                .findFirst();
    }

    /** The traffic class of a switch priority, when the map says. */
    public Optional<Integer> trafficClassOf(int switchPriority) {
        return trafficClassMappings.stream()
                .filter(m -> m.switchPriority() != null && m.switchPriority() == switchPriority)
                .map(TrafficClassMapping::trafficClass)
                .findFirst();
    }
}
