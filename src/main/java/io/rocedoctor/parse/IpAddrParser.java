package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code ip addr show}, one line per address with {@code -o} or the multi-line form
 * ({@code ip address}, sosreport's {@code ip -d address}, sysinfo-snapshot's {@code ip -s -s addr show}).
 * Both are iproute2's {@code ip/ipaddress.c print_addrinfo}: with {@code -o} each address line starts
 * with {@code INDEX: DEV} and ends its line with {@code \} where the multi-line form breaks before
 * {@code valid_lft} (ip.c sets {@code _SL_} to {@code "\\"}), and no link line is printed
 * ({@code ipaddr_list_flush_or_save}: {@code no_link = 1} under oneline). Then {@code inet} or
 * {@code inet6}, {@code ADDR/LEN} (or {@code ADDR peer PEER/LEN}), {@code metric N}, {@code brd},
 * {@code any}, {@code mcast} with their address, {@code scope S}, the flags, {@code proto P} and the
 * label; the same words since iproute2 2.6 (checked at v3.10, v5.4, v6.x):
 *
 * <pre>
 * 1: lo    inet 127.0.0.1/8 scope host lo\       valid_lft forever preferred_lft forever
 * 4: ens1f0np0    inet 192.168.10.11/24 brd 192.168.10.255 scope global noprefixroute ens1f0np0\       valid_lft forever preferred_lft forever
 * 4: ens1f0np0    inet6 fe80::e42:a1ff:fe5e:7710/64 scope link \       valid_lft forever preferred_lft forever
 * </pre>
 * gives lo 127.0.0.1/8, ens1f0np0 192.168.10.11/24 (scope global, flags noprefixroute and its
 * label) and its link-local inet6 address. In the multi-line form a link header
 * ({@code 4: ens1f0np0: <BROADCAST,...> mtu ...}, a VLAN's name without its {@code @PARENT}) names the
 * device of the {@code inet}/{@code inet6} lines under it; its other indented lines ({@code link/ether},
 * {@code valid_lft}, {@code -d} details, {@code -s} counters, {@code altname}) are the link's, skipped.
 * An address line that does not read (an address or length that is not one) is a note; the other
 * addresses stand. A text with no address line fails.
 */
public final class IpAddrParser extends LineParser<IpAddresses> {
    private static final Pattern ONELINE = Pattern.compile("\\d+:\\s+(\\S+)\\s+(inet6?)\\s+(.*)");
    private static final Pattern HEADER = Pattern.compile("\\d+:\\s+([^:@\\s]+)(?:@\\S*)?:\\s+<.*");
    private static final Pattern ADDRESS_LINE = Pattern.compile("\\s+(inet6?)\\s+(.*)");

    @Override
    protected IpAddresses parse(TextLines lines) throws ParseException {
        List<IpAddresses.Entry> out = new ArrayList<>();
        String device = null;
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n);
            if (line.isBlank()) {
                continue;
            }
            Matcher one = ONELINE.matcher(line);
            Matcher header = HEADER.matcher(line);
            Matcher indented = ADDRESS_LINE.matcher(line);
            if (one.matches()) {
                entry(one.group(1), one.group(2), one.group(3), n, lines, out);
            } else if (header.matches()) {
                device = header.group(1);
            } else if (indented.matches() && device != null) {
                entry(device, indented.group(1), indented.group(2), n, lines, out);
            } else if (!Character.isWhitespace(line.charAt(0)) || device == null) {
                lines.unreadable(n, "ip addr: neither an address line nor a link header");
            }
        }
        if (out.isEmpty()) {
            throw new ParseException(1, "ip addr: no address (inet or inet6 line) in the output");
        }
        return new IpAddresses(out);
    }

    /** {@code ADDR[/LEN] [peer PEER/LEN] [metric N] [brd B] [any A] [mcast M] scope S FLAGS... LABEL}, up to the {@code \}. */
    private static void entry(
            String device, String family, String body, int n, TextLines lines, List<IpAddresses.Entry> out) {
        int cut = body.indexOf('\\');
        List<String> words = TextLines.words(cut < 0 ? body : body.substring(0, cut));
        if (words.isEmpty()) {
            lines.unreadable(n, "ip addr: " + family + " without an address");
            return;
        }
        String local = words.get(0);
        String peer = null;
        int i = 1;
        if (words.size() > 2 && words.get(1).equals("peer")) {
            // print_addrinfo: "%s" local, " peer ", then "PEER/LEN": the length is the peer's, the prefix's.
            int slash = words.get(2).indexOf('/');
            peer = slash < 0 ? words.get(2) : words.get(2).substring(0, slash);
            local = slash < 0 ? local : local + words.get(2).substring(slash);
            i = 3;
        }
        var prefix = InetPrefix.of(local);
        if (prefix.isEmpty() || prefix.get().ipv4() != family.equals("inet")) {
            lines.unreadable(
                    n,
                    "ip addr: '" + TextLines.abbreviate(local) + "' is not an " + family + " address with its length");
            return;
        }
        String scope = null;
        List<String> flags = new ArrayList<>();
        for (; i < words.size(); i++) {
            String w = words.get(i);
            boolean valued = w.equals("brd")
                    || w.equals("any")
                    || w.equals("mcast")
                    || w.equals("metric")
                    || w.equals("proto")
                    || w.equals("scope");
            if (valued && i + 1 < words.size()) {
                if (w.equals("scope")) {
                    scope = words.get(i + 1);
                }
                i++;
            } else {
                flags.add(w);
            }
        }
        out.add(new IpAddresses.Entry(device, family, prefix.get(), peer, scope, flags));
    }
}
