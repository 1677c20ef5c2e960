package io.rocedoctor.collect;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces host names, IPv4 and IPv6 addresses, MAC addresses, GUIDs and serial numbers by
 * tokens, consistently: the same value gets the same token in every file of a capture, so joins
 * between sources (a GID and its address, a bond and its members' MACs, the two functions of one
 * card) still hold. Tokens keep their kind's syntax, so parsers read them as before:
 * {@code 10.0.0.7}, {@code fd00::7} (link-local stays {@code fe80::}), {@code 02:00:00:00:00:07}
 * (locally administered), {@code host-1}, {@code serial-1}. Addresses that identify nobody
 * (loopback, unspecified, broadcast, masks, multicast) are kept.
 * <p>
 * {@code scripts/roce-doctor-collect.sh} carries the same rules in awk; {@code ShellRedactorTest}
 * holds the two to the same output, token for token, so keep them in step.
 */
public final class Redactor {
    /** What {@code redacted:} in the manifest lists. */
    public static final List<String> CATEGORIES = List.of("hostnames", "ipv4", "ipv6", "mac", "guid", "serial");

    private static final String IPV4 = "(?:[0-9]{1,3}\\.){3}[0-9]{1,3}";
    /** Colon-separated hex (an IPv6 address, a MAC, a GUID, or a time: told apart after matching). */
    private static final String COLON_HEX = "(?:[0-9A-Fa-f]{0,4}:){2,7}(?:" + IPV4 + "|[0-9A-Fa-f]{1,4})?";

    private static final Pattern MAC = Pattern.compile("(?:[0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}");
    private static final Pattern GUID = Pattern.compile("(?:[0-9A-Fa-f]{4}:){3}[0-9A-Fa-f]{4}");
    /**
     * A serial number: the value of a "KEY: VALUE" line whose key is SN or ends in " SN" or
     * "Serial Number" (ethtool -m's "Vendor SN", mlxlink's "Vendor Serial Number", lspci's VPD
     * "[SN] Serial number"), or the EUI-64 of lspci's "Device Serial Number" capability. The
     * VPD's vendor- and system-specific fields and asset tag count too: ConnectX cards repeat
     * the serial in [VU] ("MT2304XZ02VDMLNXS0D0F1") and carry a card UUID in [V3]. Only a
     * newline ends a line (UNIX_LINES), as in awk.
     */
    private static final Pattern SERIAL = Pattern.compile("(?imd)^(?<key>[ \\t]*(?:[^:\\n]*[ \\t])?"
            + "(?:sn|serial number|vendor specific|system specific|asset tag)[ \\t]*:[ \\t]*)"
            + "(?<value>[^ \\t\\r\\n](?:[^\\r\\n]*[^ \\t\\r\\n])?)"
            + "|(?<capability>device serial number[ \\t]+)(?<eui>[0-9a-f]{2}(?:-[0-9a-f]{2}){7})(?![0-9a-z-])");

    private static final Pattern EUI64 = Pattern.compile("[0-9A-Fa-f]{2}(?:-[0-9A-Fa-f]{2}){7}");

    private final Pattern pattern;
    private final Map<String, String> tokens = new HashMap<>();
    private final Map<String, Integer> counts = new HashMap<>();

    /** @param hostNames the host's names (host name, FQDN, domain), replaced as whole words */
    public Redactor(List<String> hostNames) {
        StringBuilder p = new StringBuilder();
        hostNames.stream()
                .filter(n -> !n.isBlank())
                .sorted(Comparator.comparingInt(String::length).reversed())
                .forEach(n ->
                        p.append("(?<![A-Za-z0-9-])").append(Pattern.quote(n)).append("(?![A-Za-z0-9-])|"));
        p.append("(?<![0-9A-Za-z:.])(?<hex>").append(COLON_HEX).append(")(?![0-9A-Za-z:])");
        p.append("|(?<![0-9A-Za-z.:_-])(?<v4>").append(IPV4).append(")(?![0-9A-Za-z.])");
        this.pattern = Pattern.compile(p.toString());
    }

    /** Redacts captured bytes; bytes that are not ASCII pass through unchanged. */
    public byte[] redact(byte[] content) {
        return redact(new String(content, StandardCharsets.ISO_8859_1)).getBytes(StandardCharsets.ISO_8859_1);
    }

    public String redact(String text) {
        Matcher s = SERIAL.matcher(text);
        String withoutSerials = s.replaceAll(r -> Matcher.quoteReplacement(
                s.group("value") != null
                        ? s.group("key") + serial(s.group("value"))
                        : s.group("capability") + serial(s.group("eui"))));
        Matcher m = pattern.matcher(withoutSerials);
        return m.replaceAll(r -> Matcher.quoteReplacement(replace(m)));
    }

    /**
     * An EUI-64 (lspci's Device Serial Number) keeps its shape, and all zeros (a device that
     * sets none) is kept; any other serial becomes {@code serial-N}.
     */
    private String serial(String value) {
        if (value.equals("00-00-00-00-00-00-00-00")) {
            return value;
        }
        return token(
                "serial",
                value,
                n -> EUI64.matcher(value).matches()
                        ? String.format("00-00-00-00-00-%02x-%02x-%02x", (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff)
                        : "serial-" + n);
    }

    private String replace(Matcher m) {
        String hex = m.group("hex");
        String v4 = m.group("v4");
        if (v4 != null) {
            return ipv4(v4);
        }
        if (hex != null) {
            if (MAC.matcher(hex).matches()) {
                return mac(hex);
            }
            if (GUID.matcher(hex).matches()) {
                return token(
                        "guid",
                        hex.toLowerCase(Locale.ROOT),
                        n -> String.format("0200:00ff:fe%02x:%04x", (n >> 16) & 0xff, n & 0xffff));
            }
            return ipv6(hex);
        }
        return token("host", m.group(), n -> "host-" + n);
    }

    private String ipv4(String address) {
        int[] octets = octets(address);
        if (octets == null
                || octets[0] == 0
                || octets[0] == 127
                || octets[0] == 255
                || (octets[0] >= 224 && octets[0] <= 239)) {
            return address;
        }
        return token("ipv4", address, n -> "10." + ((n >> 16) & 0xff) + "." + ((n >> 8) & 0xff) + "." + (n & 0xff));
    }

    private String mac(String address) {
        String lower = address.toLowerCase(Locale.ROOT);
        if (lower.equals("ff:ff:ff:ff:ff:ff") || lower.equals("00:00:00:00:00:00")) {
            return address;
        }
        return token(
                "mac",
                lower,
                n -> String.format("02:00:00:%02x:%02x:%02x", (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff));
    }

    /** An IPv6 address, or anything else colon-separated (a time, a PCI address), which is kept. */
    private String ipv6(String text) {
        String[] halves = text.split("::", -1);
        if (halves.length > 2) {
            return text;
        }
        List<String> groups = new ArrayList<>();
        for (String half : halves) {
            if (!half.isEmpty()) {
                groups.addAll(List.of(half.split(":", -1)));
            }
        }
        String last = groups.isEmpty() ? "" : groups.get(groups.size() - 1);
        boolean embeddedV4 = last.contains(".");
        int needed = embeddedV4 ? 7 : 8;
        boolean compressed = halves.length == 2;
        if (compressed ? groups.size() >= needed : groups.size() != needed) {
            return text;
        }
        for (int i = 0; i < groups.size() - (embeddedV4 ? 1 : 0); i++) {
            if (!groups.get(i).matches("[0-9A-Fa-f]{1,4}")) {
                return text;
            }
        }
        if (embeddedV4 && octets(last) == null) {
            return text;
        }
        String first = halves[0].isEmpty() ? "" : groups.get(0).toLowerCase(Locale.ROOT);
        if (groups.isEmpty() || text.equals("::1") || (first.length() == 4 && first.startsWith("ff"))) {
            return text; // unspecified, loopback, multicast
        }
        if (embeddedV4) {
            return text.substring(0, text.length() - last.length()) + ipv4(last);
        }
        if (!compressed
                && groups.get(5).equalsIgnoreCase("ffff")
                && groups.subList(0, 5).stream().allMatch(g -> g.matches("0+"))) {
            // An IPv4-mapped GID, as show_gids prints it: map its address like the IPv4 beside it.
            int high = Integer.parseInt(groups.get(6), 16);
            int low = Integer.parseInt(groups.get(7), 16);
            int[] v4 = octets(ipv4((high >> 8) + "." + (high & 0xff) + "." + (low >> 8) + "." + (low & 0xff)));
            return String.join(":", groups.subList(0, 6))
                    + String.format(":%02x%02x:%02x%02x", v4[0], v4[1], v4[2], v4[3]);
        }
        String prefix = first.equals("fe80") ? "fe80" : "fd00";
        return token(
                "ipv6",
                text.toLowerCase(Locale.ROOT),
                n -> compressed
                        ? prefix + "::" + Integer.toHexString(n)
                        : String.format(
                                "%s:0000:0000:0000:0000:0000:%04x:%04x", prefix, (n >> 16) & 0xffff, n & 0xffff));
    }

    private static int[] octets(String address) {
        String[] parts = address.split("\\.");
        if (parts.length != 4) {
            return null;
        }
        int[] out = new int[4];
        for (int i = 0; i < 4; i++) {
            out[i] = Integer.parseInt(parts[i]);
            if (out[i] > 255 || (parts[i].length() > 1 && parts[i].startsWith("0"))) {
                return null;
            }
        }
        return out;
    }

    private String token(String kind, String value, IntFunction<String> format) {
        return tokens.compute(
                kind + ":" + value,
                (k, existing) -> existing != null ? existing : format.apply(counts.merge(kind, 1, Integer::sum)));
    }
}
