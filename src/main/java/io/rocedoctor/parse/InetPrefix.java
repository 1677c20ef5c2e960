package io.rocedoctor.parse;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An IP address with its prefix length as iproute2 prints one ({@code 192.168.1.10/24},
 * {@code fe80::1/64}; a host without a length is /32 or /128). Only the text is checked, never
 * resolved: a name is not an address here.
 *
 * @param address the address as printed
 * @param length  the prefix length
 */
public record InetPrefix(String address, int length) {
    private static final Pattern IPV4 =
            Pattern.compile("(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}");
    private static final Pattern IPV6 =
            Pattern.compile("[0-9a-fA-F]{0,4}(:[0-9a-fA-F]{0,4}){1,7}(:\\d{1,3}(\\.\\d{1,3}){3})?");

    /** {@code ADDR} or {@code ADDR/LEN} of IPv4 or IPv6; empty for anything else (a name, a length out of range). */
    public static Optional<InetPrefix> of(String text) {
        int slash = text.indexOf('/');
        String address = slash < 0 ? text : text.substring(0, slash);
        boolean v4 = IPV4.matcher(address).matches();
        if (!v4 && !(address.contains(":") && IPV6.matcher(address).matches())) {
            return Optional.empty();
        }
        int max = v4 ? 32 : 128;
        if (slash < 0) {
            return Optional.of(new InetPrefix(address, max));
        }
        String length = text.substring(slash + 1);
        if (!length.matches("\\d{1,3}") || Integer.parseInt(length) > max) {
            return Optional.empty();
        }
        return Optional.of(new InetPrefix(address, Integer.parseInt(length)));
    }

    public boolean ipv4() {
        return address.indexOf(':') < 0;
    }

    /** The IPv4 subnet this address is in, as a prefix ({@code 192.168.1.0/24}); the text itself for IPv6. */
    public String subnet() {
        if (!ipv4()) {
            return toString();
        }
        long network = bits() & mask();
        return dotted(network) + "/" + length;
    }

    /** Whether this prefix holds the IPv4 address (false across families). */
    public boolean contains(InetPrefix other) {
        if (!ipv4() || !other.ipv4()) {
            return false;
        }
        return length <= other.length && (other.bits() & mask()) == (bits() & mask());
    }

    private long mask() {
        return length == 0 ? 0 : (0xFFFFFFFFL << (32 - length)) & 0xFFFFFFFFL;
    }

    private long bits() {
        long value = 0;
        for (String part : address.split("\\.")) {
            value = value << 8 | Integer.parseInt(part);
        }
        return value;
    }

    private static String dotted(long value) {
        return (value >> 24 & 255) + "." + (value >> 16 & 255) + "." + (value >> 8 & 255) + "." + (value & 255);
    }

    /** {@code ADDR/LEN}, as ip prints it. */
    @Override
    public String toString() {
        return address + "/" + length;
    }
}
