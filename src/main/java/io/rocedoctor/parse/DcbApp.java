package io.rocedoctor.parse;

import java.util.List;
import java.util.Map;

/**
 * The DCB APP table of one port as {@code dcb app show dev IF} prints it, the parts a rule reads.
 *
 * @param dscpPriority DSCP -> priority ({@code dscp-prio}); empty when the table has no DSCP entry
 * @param defaultPriorities the port-default priorities ({@code default-prio}), usually none
 */
public record DcbApp(Map<Integer, Integer> dscpPriority, List<Integer> defaultPriorities) {
    public DcbApp {
        dscpPriority = OrderedCopy.map(dscpPriority);
        defaultPriorities = List.copyOf(defaultPriorities);
    }
}
