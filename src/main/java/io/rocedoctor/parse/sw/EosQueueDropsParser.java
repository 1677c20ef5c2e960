package io.rocedoctor.parse.sw;

import com.fasterxml.jackson.databind.JsonNode;
import io.rocedoctor.parse.JsonText;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.Parser;
import io.rocedoctor.parse.TextLines;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses EOS {@code show interfaces counters queue detail | json} (eAPI JSON) for the unicast
 * queues' dropped packets; multicast queues are not read (RoCE is unicast).
 * <pre>
 * {"egressQueueCounters": {"interfaces": {"Ethernet8": {
 *   "ucastQueues": {"trafficClasses": {
 *     "TC3": {"dropPrecedences": {"DP0": {"droppedPackets": 120}, "DP1": {"droppedPackets": 3}}}}},
 *   "mcastQueues": {"trafficClasses": {"TC3": {"dropPrecedences": {"DP0": {"droppedPackets": 9}}}}}}}}}</pre>
 * -> Ethernet8 traffic class 3: 123 unicast packets dropped.
 * Empty text is a ParseException at line 0; invalid JSON at the line Jackson reports; JSON without
 * {@code egressQueueCounters.interfaces}, a traffic class not named TC0-TC7 or a count that is not
 * a whole number, at line 1.
 */
public final class EosQueueDropsParser implements Parser<EosQueueDrops> {
    private static final String WHAT = "show interfaces counters queue detail";
    private static final Pattern TRAFFIC_CLASS = Pattern.compile("TC([0-7])");

    @Override
    public EosQueueDrops parse(String text) throws ParseException {
        JsonNode interfaces =
                JsonText.read(text, WHAT).path("egressQueueCounters").path("interfaces");
        if (!interfaces.isObject()) {
            throw new ParseException(1, WHAT + ": no egressQueueCounters.interfaces object");
        }
        Map<String, Map<Integer, Long>> unicast = new HashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> ports =
                        interfaces.properties().iterator();
                ports.hasNext(); ) {
            Map.Entry<String, JsonNode> port = ports.next();
            Map<Integer, Long> byClass = new HashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> classes = port.getValue()
                            .path("ucastQueues")
                            .path("trafficClasses")
                            .properties()
                            .iterator();
                    classes.hasNext(); ) {
                Map.Entry<String, JsonNode> tc = classes.next();
                Matcher m = TRAFFIC_CLASS.matcher(tc.getKey());
                if (!m.matches()) {
                    throw new ParseException(
                            1,
                            WHAT + ": " + port.getKey() + " has a traffic class '" + TextLines.abbreviate(tc.getKey())
                                    + "', not TC0-TC7");
                }
                long dropped = 0;
                for (JsonNode precedence : tc.getValue().path("dropPrecedences")) {
                    JsonNode count = precedence.path("droppedPackets");
                    if (!count.canConvertToExactIntegral() || !count.canConvertToLong() || count.asLong() < 0) {
                        throw new ParseException(
                                1,
                                WHAT + ": " + port.getKey() + " " + tc.getKey() + " droppedPackets is not a count: '"
                                        + TextLines.abbreviate(count.toString()) + "'");
                    }
                    try {
                        dropped = Math.addExact(dropped, count.asLong());
                    } catch (ArithmeticException e) {
                        throw new ParseException(
                                1, WHAT + ": " + port.getKey() + " " + tc.getKey() + " drops overflow a 64-bit count");
                    }
                }
                byClass.put(Integer.parseInt(m.group(1)), dropped);
            }
            unicast.put(port.getKey(), byClass);
        }
        return new EosQueueDrops(unicast);
    }
}
