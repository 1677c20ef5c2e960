package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.ParseException;
import java.util.HashMap;
import java.util.Map;

/**
 * The fields of one SONiC entry: a config_db table entry ({@code BUFFER_POOL|ingress_lossless_pool})
 * or a "key value" block of the CLI ({@code Pool: ingress_lossless_pool} over its rows). Read from
 * config_db, a value that should be a number and is not fails the file, naming the entry; read
 * from a CLI block, it is a note on the field's line, the field is null and the block's other
 * fields stand.
 */
final class SonicFields {
    private final String entry;
    private final Map<String, String> values;
    private final Map<String, Integer> lines;
    private final LineByLine rows;

    private SonicFields(String entry, Map<String, String> values, Map<String, Integer> lines, LineByLine rows) {
        this.entry = entry;
        this.values = values;
        this.lines = lines;
        this.rows = rows;
    }

    /** A config_db entry's fields, each value a string; none has a line. */
    static SonicFields entry(String name, Map<String, String> values) {
        return new SonicFields(name, values, Map.of(), null);
    }

    /** A CLI block's rows, first cell the field, second its value; a later duplicate wins. */
    static SonicFields block(String name, TabulateTables.Table block, LineByLine rows) {
        Map<String, String> values = new HashMap<>();
        Map<String, Integer> lines = new HashMap<>();
        for (TabulateTables.Row r : block.rows()) {
            if (!r.cell(0).isEmpty()) {
                values.put(r.cell(0), r.cell(1));
                lines.put(r.cell(0), r.line());
            }
        }
        return new SonicFields(name, values, lines, rows);
    }

    String text(String field) {
        return values.get(field);
    }

    Boolean flag(String field) {
        return SwitchValues.flag(values.get(field));
    }

    Long count(String field) throws ParseException {
        return read(field, () -> SwitchValues.count(values.get(field), line(field), entry + " " + field));
    }

    Integer integer(String field) throws ParseException {
        return read(field, () -> SwitchValues.integer(values.get(field), line(field), entry + " " + field));
    }

    private <T> T read(String field, LineByLine.Reading<T> reading) throws ParseException {
        if (rows == null || !values.containsKey(field)) {
            return reading.read();
        }
        return rows.row(reading);
    }

    private int line(String field) {
        return lines.getOrDefault(field, 0);
    }
}
