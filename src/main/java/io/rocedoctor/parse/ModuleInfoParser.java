package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code ethtool -m IF} for SFP, QSFP28 and CMIS modules.
 *
 * <pre>
 * 	Identifier                                : 0x11 (QSFP28)
 * 	Connector                                 : 0x0c (MPO 1x12)
 * 	Vendor name                               : Mellanox
 * 	Vendor PN                                 : MMA1B00-C100D
 * 	Vendor SN                                 : MT2031FT01234
 * 	Module temperature                        : 45.00 degrees C / 113.00 degrees F
 * 	Module voltage                            : 3.2861 V
 * 	Transmit avg optical power (Channel 1)    : 0.8923 mW / -0.50 dBm
 * 	Transmit avg optical power (Channel 2)    : 0.9011 mW / -0.45 dBm
 * 	Rcvr signal avg optical power(Channel 1)  : 0.7645 mW / -1.17 dBm
 * 	Rcvr signal avg optical power(Channel 2)  : 0.0347 mW / -14.60 dBm
 * 	Module temperature high alarm threshold   : 80.00 degrees C / 176.00 degrees F
 * 	Module temperature high warning threshold : 75.00 degrees C / 167.00 degrees F
 * </pre>
 * gives temperature 45.0, alarm 80.0, warning 75.0, voltage 3.2861, rx [0.7645, 0.0347],
 * tx [0.8923, 0.9011]. SFP modules give one lane from "Receiver signal average optical power" and
 * "Laser output power". Empty output or an ethtool refusal ("Cannot get module EEPROM
 * information") is a ParseException, as is a text of the undecoded hex dump alone. A line without
 * " : " or a measure that is not a number is a note on its line; the other fields stand.
 */
public final class ModuleInfoParser extends LineParser<ModuleInfo> {
    private static final Pattern RX = Pattern.compile(
            "(?:Rcvr signal avg optical power|Rcvr signal OMA|Receiver signal average optical power|Receiver signal OMA)"
                    + "\\s*(?:\\((?:Channel|Chan) (\\d+)\\))?");
    private static final Pattern TX =
            Pattern.compile("(?:Transmit avg optical power|Laser output power)\\s*(?:\\((?:Channel|Chan) (\\d+)\\))?");
    /** The offset column of the hex dump ethtool prints when it cannot decode the module ("0x0000"). */
    private static final Pattern HEX_OFFSET = Pattern.compile("0x\\p{XDigit}+");

    private static final Pattern NUMBER = Pattern.compile("^(-?\\d+(?:\\.\\d+)?)");

    @Override
    protected ModuleInfo parse(TextLines lines) throws ParseException {
        ToolOutput.lines(lines, "ethtool -m");
        Map<String, String> fields = new LinkedHashMap<>();
        Map<String, Integer> lineOf = new LinkedHashMap<>();
        TreeMap<Integer, Double> rx = new TreeMap<>();
        TreeMap<Integer, Double> tx = new TreeMap<>();
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n).strip();
            if (line.isEmpty()) {
                continue;
            }
            int colon = line.indexOf(':');
            if (colon <= 0) {
                lines.unreadable(n, "ethtool -m: expected 'name : value', got '" + TextLines.abbreviate(line) + "'");
                continue;
            }
            String key = TextLines.collapseWhiteSpace(line.substring(0, colon).strip());
            if (key.startsWith("0x") && HEX_OFFSET.matcher(key).matches()) {
                lines.unreadable(
                        n, "ethtool -m: a hex dump row (the driver gave no decoded fields), not 'name : value'");
                continue;
            }
            String value = line.substring(colon + 1).strip();
            fields.merge(key, value, (a, b) -> a + "; " + b);
            lineOf.putIfAbsent(key, n);
            Matcher m;
            try {
                // each expression tried only on a key starting as it must: a module prints ~30 other fields
                if (startsLikeRx(key) && (m = RX.matcher(key)).matches()) {
                    rx.put(lane(m.group(1), n), number(value, n, key));
                } else if (startsLikeTx(key) && (m = TX.matcher(key)).matches()) {
                    tx.put(lane(m.group(1), n), number(value, n, key));
                }
            } catch (ParseException e) {
                // The field's text stays in otherFields; only its number is lost.
                lines.partlyUnreadable(e);
            }
        }
        return new ModuleInfo(
                fields.get("Identifier"),
                fields.get("Connector"),
                fields.get("Vendor name"),
                fields.get("Vendor PN"),
                fields.get("Vendor SN"),
                measure(fields, lineOf, "Module temperature", lines),
                measure(fields, lineOf, "Module temperature high alarm threshold", lines),
                measure(fields, lineOf, "Module temperature high warning threshold", lines),
                measure(fields, lineOf, "Module voltage", lines),
                new ArrayList<>(rx.values()),
                new ArrayList<>(tx.values()),
                fields);
    }

    private static int lane(String channel, int line) throws ParseException {
        return channel == null ? 1 : (int) Math.min(Integer.MAX_VALUE, TextLines.parseLong(channel, line, "channel"));
    }

    /** A measure's leading number, or null with a note when its value is not one. */
    private static Double measure(
            Map<String, String> fields, Map<String, Integer> lineOf, String key, TextLines lines) {
        String value = fields.get(key);
        if (value == null) {
            return null;
        }
        try {
            return number(value, lineOf.get(key), key);
        } catch (ParseException e) {
            lines.partlyUnreadable(e);
            return null;
        }
    }

    /** The leading number of "45.00 degrees C / 113.00 degrees F", "3.29 V" or "0.76 mW / -1.17 dBm". */
    private static double number(String value, int line, String what) throws ParseException {
        Matcher m = NUMBER.matcher(value);
        if (!m.find()) {
            throw new ParseException(
                    line, "ethtool -m: " + what + " is not a number: '" + TextLines.abbreviate(value) + "'");
        }
        return Double.parseDouble(m.group(1));
    }

    private static boolean startsLikeRx(String key) {
        return key.startsWith("Rcvr signal ") || key.startsWith("Receiver signal ");
    }

    private static boolean startsLikeTx(String key) {
        return key.startsWith("Transmit avg optical power") || key.startsWith("Laser output power");
    }
}
