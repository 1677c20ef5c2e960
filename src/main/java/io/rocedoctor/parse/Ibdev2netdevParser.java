package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code ibdev2netdev} and {@code ibdev2netdev -v}:
 * <pre>
 * mlx5_0 port 1 ==&gt; ens1f0np0 (Up)
 * 0000:3b:00.1 mlx5_1 (MT4125 - MCX623106AN-CDAT) ConnectX-6 Dx EN adapter card fw 22.36.1010 port 1 (DOWN  ) ==&gt; ens1f1np1 (Down)
 * </pre>
 * -> mlx5_0/1 bound to ens1f0np0 (Up); mlx5_1/1 at 0000:3b:00.1, fw 22.36.1010, port DOWN,
 * bound to ens1f1np1 (Down). Empty text is an empty list (no RDMA device); a line without
 * "port N ==&gt; NETDEV (STATE)" is a {@link ParseException}.
 */
public final class Ibdev2netdevParser extends LineParser<IbdevNetdevMap> {
    private static final Pattern LINE = Pattern.compile(
            "(?<left>.*?)\\s*\\bport\\s+(?<port>\\d+)(?:\\s*\\((?<pstate>[^)]*)\\))?\\s*==>\\s*(?<netdev>\\S+)\\s*\\((?<state>[^)]*)\\)");
    private static final Pattern FIRMWARE = Pattern.compile("(?<rest>.*?)\\s*\\bfw\\s+(?<fw>\\S+)$");
    private static final Pattern PCI = Pattern.compile("[0-9a-fA-F]{4,}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7]");

    @Override
    protected IbdevNetdevMap parse(TextLines lines) throws ParseException {
        List<IbdevNetdevMap.Binding> bindings = new ArrayList<>();
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n).trim();
            if (line.isEmpty()) {
                continue;
            }
            Matcher m = LINE.matcher(line);
            if (!m.matches() || m.group("left").isEmpty()) {
                lines.unreadable(
                        n, "expected 'DEVICE port N ==> NETDEV (STATE)', found '" + TextLines.abbreviate(line) + "'");
                continue;
            }
            long port;
            try {
                port = TextLines.parseLong(m.group("port"), n, "port");
            } catch (ParseException e) {
                lines.unreadable(e);
                continue;
            }
            if (port > 65535) {
                lines.unreadable(n, "port " + port + " is out of range");
                continue;
            }
            String left = m.group("left");
            String firmware = null;
            Matcher fw = FIRMWARE.matcher(left);
            if (fw.matches()) {
                firmware = fw.group("fw");
                left = fw.group("rest");
            }
            String pci = null;
            String[] first = left.split("\\s+", 2);
            if (first.length > 1 && PCI.matcher(first[0]).matches()) {
                pci = first[0];
                left = first[1];
            }
            String[] device = left.split("\\s+", 2);
            String description = device.length > 1 ? stripParens(device[1]) : null;
            String portState =
                    m.group("pstate") == null ? null : m.group("pstate").trim();
            bindings.add(new IbdevNetdevMap.Binding(
                    device[0],
                    (int) port,
                    m.group("netdev"),
                    m.group("state").trim(),
                    pci,
                    description,
                    firmware,
                    portState));
        }
        return new IbdevNetdevMap(bindings);
    }

    /** "(MT4125 - MCX623106AN-CDAT) ConnectX-6 Dx" -> "MT4125 - MCX623106AN-CDAT ConnectX-6 Dx". */
    private static String stripParens(String description) {
        return description.replaceFirst("^\\((.*?)\\)", "$1").trim();
    }
}
