package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.List;

/** A flag per priority, priority 0 first, as mlnx_qos and dcb print PFC. */
final class PriorityFlags {
    private PriorityFlags() {}

    /** The priorities whose flag is set, ascending. */
    static List<Integer> set(List<Boolean> flags) {
        List<Integer> on = new ArrayList<>();
        for (int p = 0; p < flags.size(); p++) {
            if (flags.get(p)) {
                on.add(p);
            }
        }
        return on;
    }
}
