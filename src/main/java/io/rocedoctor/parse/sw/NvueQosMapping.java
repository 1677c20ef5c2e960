package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.OrderedCopy;
import java.util.Map;

/**
 * {@code nv show interface IF qos mapping}: the trust mode ({@code l2} PCP, {@code l3} DSCP,
 * {@code both}), the default switch priority, and the PCP and DSCP maps to switch priorities.
 */
public record NvueQosMapping(
        String trust,
        Integer portDefaultSwitchPriority,
        Map<Integer, Integer> pcpToSwitchPriority,
        Map<Integer, Integer> dscpToSwitchPriority) {
    public NvueQosMapping {
        pcpToSwitchPriority = OrderedCopy.map(pcpToSwitchPriority);
        dscpToSwitchPriority = OrderedCopy.map(dscpToSwitchPriority);
    }
}
