package io.rocedoctor.parse.sw;

import java.util.HashMap;
import java.util.Map;

import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.LineParser;
import io.rocedoctor.parse.TextLines;

/**
 * Parses {@code nv show interface IF qos roce counters}: nested counter groups, sizes with units.
 * <pre>
 *                                operational   applied  description
 * -----------------------------  ------------  -------  ------------------------------------------------------
 * rx-stats
 *   rx-pfc-stats
 *     pause-packets              12                     Rx PFC pause packets for RoCE traffic
 * tx-stats
 *   tx-ecn-stats
 *     ecn-marked-packets         693777                 Tx ECN marked packets
 *   tx-roce-stats
 *     buffer-max-usage           13.47 MB               Max Egress Pool-buffer usage for RoCE traffic</pre>
 * -> rx-stats.rx-pfc-stats.pause-packets 12, tx-stats.tx-ecn-stats.ecn-marked-packets 693777,
 * tx-stats.tx-roce-stats.buffer-max-usage 14124319.
 * Empty text is a ParseException at line 0; text with no NVUE table at line 1.
 */
public final class NvueRoceCountersParser extends LineParser<NvueRoceCounters> {

    @Override
    protected NvueRoceCounters parse(TextLines lines) throws ParseException {
        Map<String, Long> values = new HashMap<>();
        for (NvueTables.Field f : NvueTables.parse(lines).get(0).fields()) {
            String v = f.value();
            if (!v.isEmpty()) {
                Long n = SwitchValues.bytes(v, f.row().line(), f.path());
                if (n != null) {
                    values.put(f.path(), n);
                }
            }
        }
        return new NvueRoceCounters(values);
    }
}
