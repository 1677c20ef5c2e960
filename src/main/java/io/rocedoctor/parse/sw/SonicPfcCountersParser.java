package io.rocedoctor.parse.sw;

import java.util.HashMap;
import java.util.Map;

import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.LineParser;
import io.rocedoctor.parse.TextLines;

/**
 * Parses {@code show pfc counters} ({@code pfcstat}): a {@code Port Rx} table and a {@code Port Tx}
 * table of PFC frames per priority; numbers carry thousands separators. Other tables in the text
 * (a pasted session) are skipped.
 * <pre>
 *   Port Rx    PFC0    PFC1    PFC2    PFC3    PFC4    PFC5    PFC6    PFC7
 * ---------  ------  ------  ------  ------  ------  ------  ------  ------
 * Ethernet0   1,200     201     202     203     204     205     206     207
 *
 *   Port Tx    PFC0    PFC1    PFC2    PFC3    PFC4    PFC5    PFC6    PFC7
 * ---------  ------  ------  ------  ------  ------  ------  ------  ------
 * Ethernet0   1,210     211     212     213     214     215     216     217</pre>
 * -> rx {Ethernet0: {0: 1200, 1: 201, ...}}, tx {Ethernet0: {0: 1210, ...}}.
 * Empty text is a ParseException at line 0; text without a Port Rx / Port Tx table, at line 1.
 */
public final class SonicPfcCountersParser extends LineParser<SonicPfcCounters> {

    @Override
    protected SonicPfcCounters parse(TextLines lines) throws ParseException {
        Map<String, Map<Integer, Long>> rx = new HashMap<>();
        Map<String, Map<Integer, Long>> tx = new HashMap<>();
        boolean found = false;
        for (TabulateTables.Table t : TabulateTables.parse(lines)) {
            if (t.column("Port Rx") == 0) {
                SonicPortIndexedCountersParser.read(t, "PFC", rx);
                found = true;
            } else if (t.column("Port Tx") == 0) {
                SonicPortIndexedCountersParser.read(t, "PFC", tx);
                found = true;
            }
        }
        if (!found) {
            throw new ParseException(1, "no 'Port Rx' or 'Port Tx' table: not a show pfc counters output");
        }
        return new SonicPfcCounters(rx, tx);
    }
}
