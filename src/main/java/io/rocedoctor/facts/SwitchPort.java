package io.rocedoctor.facts;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One switch port's QoS as its dump shows it, in one vocabulary for every platform. A
 * <em>priority</em> is what PFC pauses: SONiC's traffic class (DSCP_TO_TC_MAP, pfc_enable), NVUE's
 * switch priority. {@code trust} is {@code dscp}, {@code pcp}, {@code both} or null when unknown;
 * {@code priorityQueue} maps a priority to its egress queue (SONiC TC_TO_QUEUE_MAP, NVUE SP->TC);
 * {@code strictQueues} the queues scheduled strict-priority. {@code hostPorts} are the host ports
 * facing it (from {@link Link}), so findings about this port relate to host findings. Speed in Mb/s,
 * MTU in bytes, cable length in meters; null when the dump does not say. {@code dscpMap} names the
 * SONiC DSCP_TO_TC_MAP the port uses (or, for a port with none, the switch's only one), so a plan
 * edits that map and not a guessed name; null elsewhere.
 */
public record SwitchPort(
        String switchName,
        String port,
        String platform,
        Integer speedMbps,
        Integer mtu,
        Integer cableMeters,
        String trust,
        List<Integer> pfcPriorities,
        Map<Integer, Integer> dscpPriority,
        Map<Integer, Integer> pcpPriority,
        Map<Integer, Integer> priorityQueue,
        Set<Integer> strictQueues,
        List<String> hostPorts,
        String dscpMap) {
    public SwitchPort {
        pfcPriorities = List.copyOf(new TreeSet<>(pfcPriorities));
        dscpPriority = java.util.Collections.unmodifiableMap(new TreeMap<>(dscpPriority));
        pcpPriority = java.util.Collections.unmodifiableMap(new TreeMap<>(pcpPriority));
        priorityQueue = java.util.Collections.unmodifiableMap(new TreeMap<>(priorityQueue));
        strictQueues = java.util.Collections.unmodifiableSet(new TreeSet<>(strictQueues));
        hostPorts = List.copyOf(hostPorts);
    }

    /** {@code leaf1/Ethernet8}: how findings name the port. */
    public String label() {
        return switchName + "/" + port;
    }

    /** The PFC vector as the planner spells it: enabled priorities, comma separated. */
    public String pfcVector() {
        return String.join(",", pfcPriorities.stream().map(String::valueOf).toList());
    }

    /**
     * The priority a DSCP value lands on, or null when the port's DSCP map is unknown. A value the
     * map does not list falls to priority 0, as on both platforms.
     */
    public Integer priorityOfDscp(int dscp) {
        return dscpPriority.isEmpty() ? null : dscpPriority.getOrDefault(dscp, 0);
    }

    /** The egress queue of a priority; without a map both platforms use the identity. */
    public int queueOf(int priority) {
        return priorityQueue.getOrDefault(priority, priority);
    }

    /** Whether another PFC vector (in any order) enables other priorities than this port. */
    public boolean pfcDiffers(List<Integer> priorities) {
        return !new TreeSet<>(priorities).equals(new TreeSet<>(pfcPriorities));
    }

    /**
     * Whether congestion notifications carrying {@code cnpDscp} wait behind the data of
     * {@code dataDscp}: their queue is not strict-priority and not above the data's queue.
     */
    public boolean cnpBehindData(int cnpDscp, int dataDscp) {
        Integer cnp = priorityOfDscp(cnpDscp);
        Integer data = priorityOfDscp(dataDscp);
        if (cnp == null || data == null) {
            return false;
        }
        int queue = queueOf(cnp);
        return !strictQueues.contains(queue) && queue <= queueOf(data);
    }

    /**
     * Whether the CNPs of a host port wait behind its data of {@code dataDscp}, with {@code markings} the
     * host port's {@link CnpMarking}s (none: not known, so false).
     */
    public boolean cnpBehindData(List<?> markings, int dataDscp) {
        return markings.stream().anyMatch(m -> m instanceof CnpMarking c && cnpBehindData(c.dscp(), dataDscp));
    }

    /** The priority whose queue is the highest strict-priority queue, or null when none is known. */
    public Integer highestStrictPriority() {
        Integer best = null;
        for (int p = 0; p < 8; p++) {
            if (strictQueues.contains(queueOf(p)) && (best == null || queueOf(p) > queueOf(best))) {
                best = p;
            }
        }
        return best;
    }
}
