package io.rocedoctor.parse;

import java.util.List;

/**
 * PFC of one port as {@code dcb pfc show dev IF} prints it. Parts the output lacks are null.
 *
 * @param pfcCap how many traffic classes may have PFC at once
 * @param macsecBypass whether the port may send PFC without MACsec
 * @param delay the allowance for cable delay, in bit times
 * @param pfcEnabled whether PFC is on, priority 0 first (always eight)
 */
public record DcbPfc(Integer pfcCap, Boolean macsecBypass, Integer delay, List<Boolean> pfcEnabled) {
    public DcbPfc {
        pfcEnabled = List.copyOf(pfcEnabled);
    }

    /** The priorities with PFC on, ascending. */
    public List<Integer> pfcPriorities() {
        return PriorityFlags.set(pfcEnabled);
    }
}
