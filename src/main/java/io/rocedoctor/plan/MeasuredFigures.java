package io.rocedoctor.plan;

import io.rocedoctor.facts.CounterRate;
import io.rocedoctor.facts.Facts;
import io.rocedoctor.facts.GroupTraffic;
import java.lang.reflect.RecordComponent;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The figures of a bundle a tuning step should move: rates of pause, retransmission and discard
 * counters, each member's share of its multipath group's bytes, and perftest results. Perftest
 * facts are read from any fact record named {@code Perftest*} by their numeric components, so
 * they join the comparison as soon as the facts carry them.
 */
public final class MeasuredFigures {
    private static final Pattern WATCHED =
            Pattern.compile(".*(pause|retrans|discard|drop|out_of_buffer|out_of_sequence|seq_err|timeout|cnp).*");

    private MeasuredFigures() {}

    /** A figure: what it is, of what, its unit and value. */
    public record Figure(String name, String subject, String unit, double value) {
        String key() {
            return name + "\u0000" + subject;
        }
    }

    public static Map<String, Figure> of(Facts facts) {
        Map<String, Figure> out = new TreeMap<>();
        for (CounterRate c : facts.of(CounterRate.class)) {
            if (c.perSecond() != null && WATCHED.matcher(c.counter()).matches()) {
                add(out, new Figure(c.counter(), c.subject(), "/s", c.perSecond()));
            }
        }
        for (GroupTraffic t : facts.of(GroupTraffic.class)) {
            t.shares()
                    .forEach((member, share) ->
                            add(out, new Figure(t.direction() + " share of " + t.group(), member, "%", share * 100)));
        }
        for (Object fact : facts.all()) {
            if (fact instanceof Record r && r.getClass().getSimpleName().startsWith("Perftest")) {
                perftest(r, out);
            }
        }
        return out;
    }

    private static void perftest(Record r, Map<String, Figure> out) {
        String subject = "";
        RecordComponent[] components = r.getClass().getRecordComponents();
        try {
            for (RecordComponent c : components) {
                if (c.getType() == String.class && subject.isEmpty()) {
                    Object v = c.getAccessor().invoke(r);
                    subject = v == null ? "" : v.toString();
                }
            }
            for (RecordComponent c : components) {
                Object v = c.getAccessor().invoke(r);
                if (v instanceof Number n && !(v instanceof Byte)) {
                    add(
                            out,
                            new Figure(r.getClass().getSimpleName() + " " + c.getName(), subject, "", n.doubleValue()));
                }
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read " + r.getClass().getSimpleName(), e);
        }
    }

    private static void add(Map<String, Figure> out, Figure f) {
        out.put(f.key(), f);
    }
}
