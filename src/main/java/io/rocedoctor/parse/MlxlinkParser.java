package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code mlxlink -d DEV -m -e -c}: sections, each a title underlined with dashes, then
 * "Key : value" lines padded to a column.
 * <pre>
 * Operational Info
 * ----------------
 * State                              : Active
 * Physical state                     : LinkUp
 * Speed                              : 200G
 * Width                              : 4x
 * FEC                                : RS-FEC(544,514)
 *
 * Physical Counters and BER Info
 * ------------------------------
 * Time Since Last Clear [Min]        : 812.6
 * Effective Physical Errors          : 0
 * Effective Physical BER             : 15E-255
 * Raw Physical Errors Per Lane       : 1204,880,97,3311
 * Link Down Counter                  : 2
 * Link Error Recovery Counter        : 0
 * Raw Physical BER                   : 2.1E-8
 * </pre>
 * -> Active/LinkUp, 200G over 4 lanes, RS-FEC(544,514), PAM4, raw BER 2.1E-8, effective BER
 * 15E-255, 2 link downs. Padding is not trusted (a forum collapses it to one space and puts a
 * blank line between lines: that still parses) and ANSI colours are removed. Empty text is a
 * {@link ParseException} at line 0. An mlxlink "-E-" error line (one section failed, the others
 * printed) or a value that is not the number or BER its field holds is a note on its line and the
 * other fields stand; a text with no mlxlink field at all is a {@link ParseException} naming the line.
 */
public final class MlxlinkParser extends LineParser<MlxlinkReport> {
    private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;]*[A-Za-z]");
    private static final Pattern BER = Pattern.compile("(\\d+(?:\\.\\d+)?)[eE]([-+]?\\d+)");
    private static final Pattern LEADING_DECIMAL = Pattern.compile("^-?\\d+(?:\\.\\d+)?");
    private static final Pattern GBPS = Pattern.compile("(\\d+)\\s*G", Pattern.CASE_INSENSITIVE);
    private static final Pattern LANES = Pattern.compile("(\\d+)\\s*x", Pattern.CASE_INSENSITIVE);
    private static final Pattern ZERO = Pattern.compile("0+(\\.0+)?");
    private static final Pattern PAM4_GENERATION = Pattern.compile(".*\\b(HDR|NDR|XDR)\\b.*");
    private static final Pattern NRZ_GENERATION = Pattern.compile(".*\\b(SDR|DDR|QDR|FDR|FDR10|EDR)\\b.*");
    private static final Set<String> KNOWN = Set.of(
            "state",
            "physical state",
            "speed",
            "width",
            "fec",
            "active fec",
            "raw physical ber",
            "effective physical ber",
            "effective physical errors",
            "raw physical errors per lane",
            "link down counter",
            "link error recovery counter",
            "time since last clear [min]",
            "symbol errors",
            "symbol ber",
            "physical grade",
            "height eye opening [mv]",
            "phase eye opening [psec]",
            "identifier",
            "cable type",
            "recommendation");

    /** A value and the line it came from. */
    private record Field(String value, int line) {}

    @Override
    protected MlxlinkReport parse(TextLines lines) throws ParseException {
        if (lines.isBlank()) {
            throw new ParseException(0, "mlxlink: empty output");
        }
        Map<String, Field> fields = new LinkedHashMap<>();
        Map<String, Map<String, String>> sections = new LinkedHashMap<>();
        String section = "";
        for (int n = 1; n <= lines.size(); n++) {
            String raw = lines.line(n);
            // Colours are rare: the expression runs only on a line holding an escape.
            String line = (raw.indexOf('\u001B') < 0 ? raw : ANSI.matcher(raw).replaceAll("")).trim();
            if (line.isEmpty() || isRule(line)) {
                continue;
            }
            if (line.startsWith("-E-")) {
                // One section failed (a DAC has no module page); the others printed.
                lines.unreadable(n, "mlxlink error: " + TextLines.abbreviate(line));
                continue;
            }
            int colon = line.indexOf(':');
            if (colon < 0) {
                section = line;
                continue;
            }
            String key = line.substring(0, colon).trim();
            String value = line.substring(colon + 1).trim();
            sections.computeIfAbsent(section, s -> new LinkedHashMap<>()).putIfAbsent(key, value);
            fields.putIfAbsent(normalized(key), new Field(value, n));
        }
        if (fields.keySet().stream().noneMatch(KNOWN::contains)) {
            throw new ParseException(1, "no mlxlink field (State, Speed, FEC, BER...) found");
        }
        Map<String, Map<String, String>> frozen = new LinkedHashMap<>();
        sections.forEach((k, v) -> frozen.put(k, OrderedCopy.map(v)));

        String speed = text(fields, "speed");
        String width = text(fields, "width");
        String fec = text(fields, "fec") != null ? text(fields, "fec") : text(fields, "active fec");
        Integer speedGbps = firstNumber(GBPS, speed);
        Integer lanes = firstNumber(LANES, width);
        return new MlxlinkReport(
                text(fields, "state"),
                text(fields, "physical state"),
                speed,
                speedGbps,
                width,
                lanes,
                fec,
                signaling(fec, speed, speedGbps, lanes),
                ber(fields, lines, "raw physical ber"),
                ber(fields, lines, "effective physical ber"),
                ber(fields, lines, "symbol ber"),
                counters(fields, lines, "raw physical errors per lane"),
                counter(fields, lines, "effective physical errors"),
                counter(fields, lines, "symbol errors"),
                counter(fields, lines, "link down counter"),
                counter(fields, lines, "link error recovery counter"),
                decimal(fields, lines, "time since last clear [min]"),
                text(fields, "recommendation"),
                module(fields, lines),
                eye(fields, lines),
                frozen);
    }

    private static MlxlinkReport.Module module(Map<String, Field> f, TextLines lines) {
        Double length = decimal(f, lines, "transfer distance [m]");
        if (length == null) {
            length = decimal(f, lines, "cable length [m]");
        }
        return new MlxlinkReport.Module(
                text(f, "identifier"),
                text(f, "cable type"),
                text(f, "cable technology"),
                text(f, "compliance"),
                text(f, "vendor name"),
                text(f, "vendor part number"),
                length,
                decimal(f, lines, "temperature [c]"));
    }

    private static MlxlinkReport.EyeOpening eye(Map<String, Field> f, TextLines lines) {
        return new MlxlinkReport.EyeOpening(
                counters(f, lines, "physical grade"),
                counters(f, lines, "height eye opening [mv]"),
                counters(f, lines, "phase eye opening [psec]"));
    }

    /** PAM4 when the FEC is KP4 (only PAM4 lanes use it), the IB generation is HDR or later, or a lane carries 50G+. */
    private static MlxlinkReport.LaneSignaling signaling(String fec, String speed, Integer gbps, Integer lanes) {
        if (fec != null && fec.contains("544")) {
            return MlxlinkReport.LaneSignaling.PAM4;
        }
        String s = speed == null ? "" : speed.toUpperCase(Locale.ROOT);
        if (PAM4_GENERATION.matcher(s).matches()) {
            return MlxlinkReport.LaneSignaling.PAM4;
        }
        if (NRZ_GENERATION.matcher(s).matches()) {
            return MlxlinkReport.LaneSignaling.NRZ;
        }
        if (gbps != null && lanes != null && lanes > 0) {
            return gbps / lanes >= 50 ? MlxlinkReport.LaneSignaling.PAM4 : MlxlinkReport.LaneSignaling.NRZ;
        }
        return null;
    }

    private static String normalized(String key) {
        return TextLines.collapseWhiteSpace(key.toLowerCase(Locale.ROOT));
    }

    /** A section's underline, {@code -+}. */
    private static boolean isRule(String line) {
        for (int i = 0; i < line.length(); i++) {
            if (line.charAt(i) != '-') {
                return false;
            }
        }
        return !line.isEmpty();
    }

    private static boolean absent(Field field) {
        return field == null || field.value().isEmpty() || field.value().equalsIgnoreCase("N/A");
    }

    private static String text(Map<String, Field> f, String key) {
        Field field = f.get(key);
        return absent(field) ? null : field.value();
    }

    private static Integer firstNumber(Pattern pattern, String value) {
        if (value == null) {
            return null;
        }
        Matcher m = pattern.matcher(value);
        if (!m.find() || m.group(1).length() > 6) {
            return null;
        }
        return Integer.parseInt(m.group(1));
    }

    /* A value that does not read is a note on its line (one field per line) and null or empty here. */

    private static Long counter(Map<String, Field> f, TextLines lines, String key) {
        Field field = f.get(key);
        if (absent(field)) {
            return null;
        }
        try {
            return TextLines.parseLong(field.value(), field.line(), key);
        } catch (ParseException e) {
            lines.unreadable(e);
            return null;
        }
    }

    private static List<Long> counters(Map<String, Field> f, TextLines lines, String key) {
        Field field = f.get(key);
        List<Long> values = new ArrayList<>();
        if (!absent(field)) {
            try {
                for (String v : field.value().split(",")) {
                    if (!v.isBlank()) {
                        values.add(TextLines.parseLong(v, field.line(), key));
                    }
                }
            } catch (ParseException e) {
                lines.unreadable(e);
                return List.of();
            }
        }
        return values;
    }

    private static Double decimal(Map<String, Field> f, TextLines lines, String key) {
        Field field = f.get(key);
        if (absent(field)) {
            return null;
        }
        Matcher m = LEADING_DECIMAL.matcher(field.value());
        if (!m.find()) {
            lines.unreadable(field.line(), key + " is not a number: '" + TextLines.abbreviate(field.value()) + "'");
            return null;
        }
        return Double.parseDouble(m.group());
    }

    private static MlxlinkReport.Ber ber(Map<String, Field> f, TextLines lines, String key) {
        Field field = f.get(key);
        if (absent(field)) {
            return null;
        }
        String v = field.value();
        Matcher m = BER.matcher(v);
        if (m.matches() && m.group(2).length() <= 4) {
            return new MlxlinkReport.Ber(v, Double.parseDouble(m.group(1)), Integer.parseInt(m.group(2)));
        }
        if (ZERO.matcher(v).matches()) {
            return new MlxlinkReport.Ber(v, 0, 0);
        }
        lines.unreadable(field.line(), key + " is not a BER like 3E-12: '" + TextLines.abbreviate(v) + "'");
        return null;
    }
}
