package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code mlxconfig -d DEV query} and its relatives ({@code mstconfig -d DEV q}, the
 * {@code -e q} layout with Default/Current/Next Boot columns, and {@code set} runs with Next
 * Boot/New columns and the y/N prompt): a device header, then a "Configurations:" line naming
 * the value columns, then one row per parameter.
 * <pre>
 * Device #1:
 * ----------
 *
 * Device type:    ConnectX5
 * Name:           MCX516A-CCA_Ax
 * Description:    ConnectX-5 EN network interface card; 100GbE dual-port QSFP28
 * Device:         /dev/mst/mt4119_pciconf0
 *
 * Configurations:                              Next Boot
 *          LINK_TYPE_P1                        ETH(2)
 *          ROCE_CC_PRIO_MASK_P1                255
 *          CNP_DSCP_P1                         48
 *          CNP_802P_PRIO_P1                    6
 * *        NUM_OF_VFS                          16
 * </pre>
 * -> ConnectX5 at /dev/mst/mt4119_pciconf0; LINK_TYPE_P1 = ETH(2) (number 2), CNP_DSCP_P1 = 48,
 * NUM_OF_VFS = 16 (the leading '*' marks a value changed from the default). A header-less excerpt
 * parses into parameters only. An "-E-" error line or a row whose value count does not match the
 * columns is a note on its line and the other rows stand; {@code mlxconfig q} without {@code -d}
 * prints every device one after the other: the first is read, and the second's "Device #2:" line
 * is a note saying the rest is not. Empty text is a {@link ParseException} at line 0; a text with
 * neither header nor table, or a "Configurations:" line naming no value column, is a
 * {@link ParseException} naming the line.
 */
public final class MlxconfigParser extends LineParser<MlxconfigQuery> {
    private static final Pattern COLUMN = Pattern.compile("Default|Current|Next\\s+Boot|New");
    private static final Pattern PARAMETER = Pattern.compile("[A-Za-z][A-Za-z0-9_.\\[\\]]*");
    private static final Pattern NUMBER_IN_PARENS = Pattern.compile("(.*)\\((-?\\d+|0x[0-9a-fA-F]+)\\)");
    private static final Pattern NUMBER = Pattern.compile("-?\\d+|0x[0-9a-fA-F]+");

    @Override
    protected MlxconfigQuery parse(TextLines lines) throws ParseException {
        if (lines.isBlank()) {
            throw new ParseException(0, "mlxconfig: empty output");
        }
        Map<String, String> header = new LinkedHashMap<>();
        List<String> columns = null;
        Map<String, MlxconfigQuery.Parameter> parameters = new LinkedHashMap<>();
        boolean deviceSeen = false;
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n).trim();
            if (line.isEmpty() || line.matches("-+")) {
                continue;
            }
            if (line.startsWith("-E-")) {
                // a failed query of its own (a device not supported, a parameter refused): what printed stands
                lines.unreadable(n, "mlxconfig error: " + TextLines.abbreviate(line));
                continue;
            }
            if (line.startsWith("Device #")) {
                if (deviceSeen) {
                    // 'mlxconfig q' without -d prints every device: the capture is of the first
                    lines.unreadable(
                            n, "a second device: its lines are not read (the capture is of one device, query with -d)");
                    break;
                }
                deviceSeen = true;
            } else if (line.startsWith("Configurations:")) {
                columns = columns(line.substring("Configurations:".length()), n);
            } else if (columns == null) {
                TextLines.keyValue(line, ':').ifPresent(kv -> header.putIfAbsent(kv[0], kv[1]));
            } else if (!chatter(line)) {
                try {
                    MlxconfigQuery.Parameter p = row(line, columns, n);
                    parameters.putIfAbsent(p.name(), p);
                } catch (ParseException e) {
                    lines.unreadable(e);
                }
            }
        }
        if (columns == null && !header.containsKey("Device type")) {
            throw new ParseException(1, "neither a mlxconfig device header nor a 'Configurations:' table");
        }
        String device = header.containsKey("Device") ? header.get("Device") : header.get("PCI device");
        return new MlxconfigQuery(
                header.get("Device type"), header.get("Name"), header.get("Description"), device, parameters);
    }

    private static List<String> columns(String rest, int n) throws ParseException {
        List<String> columns = new ArrayList<>();
        Matcher m = COLUMN.matcher(rest);
        while (m.find()) {
            columns.add(m.group().replaceAll("\\s+", " "));
        }
        if (columns.isEmpty()) {
            throw new ParseException(n, "no value column (Default, Current, Next Boot, New) after 'Configurations:'");
        }
        return columns;
    }

    /** The prompt, progress and advice lines of {@code set}, and the legend of the '*' marker. */
    private static boolean chatter(String line) {
        String l = line.toLowerCase(Locale.ROOT);
        return l.startsWith("apply new configuration")
                || l.startsWith("applying")
                || l.startsWith("-i-")
                || l.startsWith("-w-")
                || l.startsWith("the '*'");
    }

    private static MlxconfigQuery.Parameter row(String line, List<String> columns, int n) throws ParseException {
        String[] cells = line.replaceFirst("^\\*\\s*", "").split("\\s+");
        if (!PARAMETER.matcher(cells[0]).matches()) {
            throw new ParseException(n, "not a parameter row: '" + TextLines.abbreviate(line) + "'");
        }
        if (cells.length - 1 != columns.size()) {
            throw new ParseException(
                    n, cells[0] + ": " + (cells.length - 1) + " values for " + columns.size() + " columns " + columns);
        }
        MlxconfigQuery.Value[] byColumn = new MlxconfigQuery.Value[4];
        for (int i = 0; i < columns.size(); i++) {
            int slot = switch (columns.get(i)) {
                case "Default" -> 0;
                case "Current" -> 1;
                case "Next Boot" -> 2;
                default -> 3;
            };
            byColumn[slot] = value(cells[i + 1], n);
        }
        return new MlxconfigQuery.Parameter(cells[0], byColumn[0], byColumn[1], byColumn[2], byColumn[3]);
    }

    private static MlxconfigQuery.Value value(String raw, int n) throws ParseException {
        Matcher named = NUMBER_IN_PARENS.matcher(raw);
        if (named.matches()) {
            return new MlxconfigQuery.Value(raw, number(named.group(2), n), named.group(1));
        }
        if (NUMBER.matcher(raw).matches()) {
            return new MlxconfigQuery.Value(raw, number(raw, n), null);
        }
        return new MlxconfigQuery.Value(raw, null, raw);
    }

    private static long number(String digits, int n) throws ParseException {
        if (digits.startsWith("0x")) {
            try {
                return Long.parseUnsignedLong(digits.substring(2), 16);
            } catch (NumberFormatException e) {
                throw new ParseException(n, "hex value does not fit 64 bits: '" + TextLines.abbreviate(digits) + "'");
            }
        }
        return TextLines.parseLong(digits, n, "value");
    }
}
