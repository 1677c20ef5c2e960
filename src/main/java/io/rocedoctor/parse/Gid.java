package io.rocedoctor.parse;

import java.util.Locale;
import java.util.Optional;

/**
 * A GID by its 128-bit value, whichever way a tool spelled it: sysfs {@code gids/N}, show_gids
 * and rdma-core's {@code ibv_devinfo -v} for RoCE v1 GIDs print 8 groups of 4 hex digits
 * ({@code fe80:0000:0000:0000:1270:fdff:fe12:3456}); {@code ibv_devinfo -v} prints RoCE v2 GIDs
 * through {@code inet_ntop} ({@code fe80::1270:fdff:fe12:3456}, {@code ::ffff:192.168.7.21}).
 */
public record Gid(long high, long low) {
    private static final long IPV4_MAPPED_HIGH = 0L;
    private static final long IPV4_MAPPED_PREFIX = 0xffffL << 32;

    /** The value of a GID in any IPv6 text form (full, compressed, IPv4-mapped dotted); empty when the text is none. */
    public static Optional<Gid> of(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        int[] groups = new int[8];
        int dots = t.lastIndexOf(':');
        String tail = dots >= 0 ? t.substring(dots + 1) : t;
        String head = t;
        int tailGroups = 0;
        int[] tailValues = {};
        if (tail.contains(".")) {
            java.util.OptionalLong v4 = ipv4(tail);
            if (v4.isEmpty() || dots < 0) {
                return Optional.empty();
            }
            long v = v4.getAsLong();
            tailValues = new int[] {(int) (v >>> 16), (int) (v & 0xffff)};
            tailGroups = 2;
            head = t.substring(0, dots + 1);
            // "::ffff:" keeps its "::"; a lone trailing ':' after a group goes.
            if (head.endsWith(":") && !head.endsWith("::")) {
                head = head.substring(0, head.length() - 1);
            }
        }
        int gap = head.indexOf("::");
        if (gap >= 0 && head.indexOf("::", gap + 1) >= 0) {
            return Optional.empty();
        }
        String[] before = gap < 0 ? split(head) : split(head.substring(0, gap));
        String[] after = gap < 0 ? new String[0] : split(head.substring(gap + 2));
        int written = before.length + after.length + tailGroups;
        if (gap < 0 ? written != 8 : written > 7) {
            return Optional.empty();
        }
        int at = 0;
        for (String g : before) {
            Integer v = group(g);
            if (v == null) {
                return Optional.empty();
            }
            groups[at++] = v;
        }
        at = 8 - after.length - tailGroups;
        for (String g : after) {
            Integer v = group(g);
            if (v == null) {
                return Optional.empty();
            }
            groups[at++] = v;
        }
        for (int v : tailValues) {
            groups[at++] = v;
        }
        long high = 0;
        long low = 0;
        for (int i = 0; i < 4; i++) {
            high = high << 16 | groups[i];
            low = low << 16 | groups[i + 4];
        }
        return Optional.of(new Gid(high, low));
    }

    /** An IPv4-mapped GID ({@code ::ffff:a.b.c.d}, what RoCE uses for an IPv4 address). */
    public boolean ipv4Mapped() {
        return high == IPV4_MAPPED_HIGH && (low & 0xffffffff00000000L) == IPV4_MAPPED_PREFIX;
    }

    /** The address the GID stands for: an IPv4-mapped one dotted, any other compressed (RFC 5952), lower case. */
    public String address() {
        if (ipv4Mapped()) {
            return (low >>> 24 & 255) + "." + (low >>> 16 & 255) + "." + (low >>> 8 & 255) + "." + (low & 255);
        }
        int[] g = new int[8];
        for (int i = 0; i < 4; i++) {
            g[i] = (int) (high >>> (48 - 16 * i) & 0xffff);
            g[i + 4] = (int) (low >>> (48 - 16 * i) & 0xffff);
        }
        int bestStart = -1;
        int bestLength = 1;
        for (int i = 0; i < 8; ) {
            int j = i;
            while (j < 8 && g[j] == 0) {
                j++;
            }
            if (j - i > bestLength) {
                bestStart = i;
                bestLength = j - i;
            }
            i = j == i ? i + 1 : j;
        }
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                s.append("::");
                i += bestLength - 1;
                continue;
            }
            if (s.length() > 0 && s.charAt(s.length() - 1) != ':') {
                s.append(':');
            }
            s.append(Integer.toHexString(g[i]));
        }
        return s.toString();
    }

    private static String[] split(String groups) {
        return groups.isEmpty() ? new String[0] : groups.split(":", -1);
    }

    private static Integer group(String g) {
        if (g.isEmpty() || g.length() > 4) {
            return null;
        }
        int v = 0;
        for (int i = 0; i < g.length(); i++) {
            int d = Character.digit(g.charAt(i), 16);
            if (d < 0) {
                return null;
            }
            v = v << 4 | d;
        }
        return v;
    }

    private static java.util.OptionalLong ipv4(String dotted) {
        String[] parts = dotted.split("\\.", -1);
        if (parts.length != 4) {
            return java.util.OptionalLong.empty();
        }
        long v = 0;
        for (String p : parts) {
            if (p.isEmpty() || p.length() > 3 || !p.chars().allMatch(Character::isDigit)) {
                return java.util.OptionalLong.empty();
            }
            int octet = Integer.parseInt(p);
            if (octet > 255) {
                return java.util.OptionalLong.empty();
            }
            v = v << 8 | octet;
        }
        return java.util.OptionalLong.of(v);
    }
}
