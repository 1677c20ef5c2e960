package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code lspci -vvv} and sos's {@code lspci -nnvv}: one block per function, starting at its
 * address line (with {@code -nn}, the class code and the vendor:device ids in brackets:
 * {@code 3b:00.0 Ethernet controller [0200]: Mellanox Technologies MT28800 Family [ConnectX-5 Ex] [15b3:1019]}).
 * <pre>
 * 3b:00.0 Ethernet controller: Mellanox Technologies MT28800 Family [ConnectX-5 Ex]
 *         NUMA node: 0
 *                 DevCtl: CorrErr- NonFatalErr+ FatalErr+ UnsupReq-
 *                         RlxdOrd+ ExtTag+ PhantFunc- AuxPwr- NoSnoop+ FLReset-
 *                         MaxPayload 256 bytes, MaxReadReq 4096 bytes
 *                 LnkCap: Port #0, Speed 16GT/s, Width x16, ASPM not supported
 *                 LnkSta: Speed 8GT/s (downgraded), Width x8 (downgraded)
 *         Kernel driver in use: mlx5_core
 * 00: b3 15 19 10 46 05 10 00 00 00 00 02 08 00 00 00
 * 10: 0c 00 00 e2 00 00 00 00 00 00 00 00 00 00 00 00
 * </pre>
 * gives 0000:3b:00.0, driver mlx5_core, node 0, LnkCap 16 GT/s x16, LnkSta 8 GT/s x8.
 *
 * <p>With {@code -x}, {@code -xxx} or {@code -xxxx} ({@code lspci -s ADDRESS -xxxvvv}, what
 * sysinfo-snapshot 3.1.x takes of each Mellanox function) lspci.c's {@code show_hex_dump} follows a
 * device's lines with its configuration space, 16 bytes a line, {@code printf("%02x:", i)} then
 * {@code " %02x"} per byte (64, 256 or 4096 bytes, so {@code 100:} and on at {@code -xxxx}), and
 * {@code show_device} ends the device with a blank line. Those lines are skipped: the decoded
 * lines above them say the same.
 *
 * <p>pciutils' {@code ls-caps.c} ({@code cap_express_link}, {@code link_speed}, {@code link_compare})
 * prints the link three ways, all read: 3.5 {@code LnkSta: Speed 8GT/s, Width x8, TrErr- Train- ...}
 * on one line; 3.6-3.7 {@code Speed 8GT/s (ok), Width x8 (downgraded)}; 3.8 and later
 * {@code Speed 8GT/s (downgraded), Width x8} with nothing after an equal value and nothing at all
 * on root and downstream ports ({@code (overdriven)} above LnkCap). The words are not read: a
 * link is judged by its numbers ({@code facts.PcieLink}). {@code Speed unknown} gives no
 * link state. The speeds are 2.5, 5, 8, 16, 32, 64 and 128 GT/s. {@code DevCtl} printed
 * {@code Report errors: Correctable- ...} before 3.6 and {@code CorrErr- ...} since; MaxPayload and
 * MaxReadReq follow on a continuation line in both.
 *
 * <p>{@code ls-ecaps.c} ({@code cap_acs}, printed at {@code -vv} and up, root only: the extended
 * capabilities are past the 64 bytes any user may read) prints a port's Access Control Services as
 * {@code ACSCap:} and {@code ACSCtl:} lines of seven {@code Name+}/{@code Name-} flags
 * ({@code SrcValid TransBlk ReqRedir CmpltRedir UpstreamFwd EgressCtrl DirectTrans}); the flags on in
 * {@code ACSCtl} are kept, none when the line is absent. With {@code -nn} the class code
 * ({@code [0302]}) and the vendor id of {@code [10de:20b0]} are kept too.
 *
 * <p>Lines before the first device that are not one ({@code lspci: Unable to load libkmod resources:
 * error -2}, {@code pcilib: ...}, which sos keeps from stderr, are noise; anything else) are
 * notes, and so is a device's unreadable {@code NUMA node}; text with no device line is a
 * ParseException. Lines wrapped by a mail client are tolerated: sizes and speeds are searched in
 * the text that follows each keyword, whatever line it landed on.
 */
public final class LspciParser extends LineParser<PciDevices> {
    private static final Pattern HEADER = Pattern.compile(
            "^((?:[0-9a-fA-F]{4}:)?[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7])\\s+([^:]+?)(?:\\s+\\[([0-9a-fA-F]{4})])?:\\s*(.*)$");
    /** With {@code -nn}, the name ends in {@code [vendor:device]} (before a {@code (rev NN)}). */
    private static final Pattern VENDOR_DEVICE =
            Pattern.compile("\\[([0-9a-fA-F]{4}):[0-9a-fA-F]{4}](?!.*\\[[0-9a-fA-F]{4}:)");

    /** A line of show_hex_dump: an offset of two or three hex digits and up to 16 bytes. */
    private static final Pattern HEX_DUMP = Pattern.compile("[0-9a-f]{2,3}:(?: [0-9a-f]{2}){1,16}");

    private static final Pattern FLAG = Pattern.compile("([A-Za-z]+)([+-])");
    private static final Pattern SPEED = Pattern.compile("Speed\\s+([0-9.]+)GT/s");
    private static final Pattern WIDTH = Pattern.compile("Width\\s+x(\\d+)");
    private static final Pattern PAYLOAD = Pattern.compile("MaxPayload\\s+(\\d+)\\s+bytes");
    private static final Pattern READ_REQ = Pattern.compile("MaxReadReq\\s+(\\d+)\\s+bytes");
    private static final Pattern BUS = Pattern.compile(
            "Bus:\\s*primary=([0-9a-fA-F]{2}),\\s*secondary=([0-9a-fA-F]{2}),\\s*subordinate=([0-9a-fA-F]{2})");

    @Override
    protected PciDevices parse(TextLines lines) throws ParseException {
        List<PciDevice> devices = new ArrayList<>();
        Block block = null;
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n);
            Matcher h = line.isEmpty() || Character.isWhitespace(line.charAt(0)) ? null : HEADER.matcher(line);
            if (h != null && h.matches()) {
                if (block != null) {
                    devices.add(block.build());
                }
                block = new Block(
                        withDomain(h.group(1)),
                        h.group(2).strip(),
                        h.group(3),
                        h.group(4).strip(),
                        n);
            } else if (block != null) {
                // a dump row starts with a hex digit, a capability line with white space: the expression only for the
                // first
                if (!(startsWithLowerHex(line) && HEX_DUMP.matcher(line).matches())) {
                    block.add(line.strip(), n, lines);
                }
            } else if (!line.isBlank() && !line.strip().equals("...")) {
                lines.unreadable(
                        n,
                        "not a device line such as '3b:00.0 Ethernet controller: ...': '"
                                + TextLines.abbreviate(line.strip()) + "'");
            }
        }
        if (block != null) {
            devices.add(block.build());
        }
        if (devices.isEmpty()) {
            throw new ParseException(0, "no PCI device found");
        }
        return new PciDevices(devices);
    }

    private static boolean startsWithLowerHex(String line) {
        if (line.isEmpty()) {
            return false;
        }
        char c = line.charAt(0);
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'f';
    }

    /**
     * Where the first line from {@code from} on that starts with a capability keyword begins (its
     * newline): a capital, two or more ASCII letters or digits, a colon, as
     * {@code \n(?:[A-Z][A-Za-z0-9]{2,}:|Capabilities:)} finds it (whose second form the first
     * holds); the text's length when none does. By hand: the expression tried every position of a
     * device's text for each of its four sections.
     */
    static int nextKeyword(String all, int from) {
        for (int newline = all.indexOf('\n', from); newline >= 0; newline = all.indexOf('\n', newline + 1)) {
            int first = newline + 1;
            if (first < all.length() && all.charAt(first) >= 'A' && all.charAt(first) <= 'Z') {
                int end = first + 1;
                while (end < all.length() && isAsciiLetterOrDigit(all.charAt(end))) {
                    end++;
                }
                if (end - first > 2 && end < all.length() && all.charAt(end) == ':') {
                    return newline;
                }
            }
        }
        return all.length();
    }

    private static boolean isAsciiLetterOrDigit(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9';
    }

    static String withDomain(String address) {
        String a = address.toLowerCase(java.util.Locale.ROOT);
        return a.length() == 7 ? "0000:" + a : a;
    }

    /** Lines of one device; the capability lines are read from the joined text after each keyword. */
    private static final class Block {
        private final String address;
        private final String className;
        private final String classCode;
        private final String name;
        private final int line;
        private final StringBuilder text = new StringBuilder();
        private String driver;
        private Integer numaNode;
        private List<String> acsControl;

        Block(String address, String className, String classCode, String name, int line) {
            this.address = address;
            this.className = className;
            this.classCode = classCode == null ? null : classCode.toLowerCase(java.util.Locale.ROOT);
            this.name = name;
            this.line = line;
        }

        void add(String stripped, int n, TextLines lines) {
            if (stripped.startsWith("Kernel driver in use:")) {
                driver = stripped.substring("Kernel driver in use:".length()).strip();
            } else if (stripped.startsWith("ACSCtl:")) {
                acsControl = new ArrayList<>();
                Matcher f = FLAG.matcher(stripped.substring("ACSCtl:".length()));
                while (f.find()) {
                    if (f.group(2).equals("+")) {
                        acsControl.add(f.group(1));
                    }
                }
            } else if (stripped.startsWith("NUMA node:")) {
                String v = stripped.substring("NUMA node:".length()).strip();
                try {
                    numaNode = TextLines.parseInt(v, n, "NUMA node");
                } catch (ParseException e) {
                    lines.unreadable(e);
                }
            }
            text.append(stripped).append('\n');
        }

        PciDevice build() {
            String all = text.toString();
            PciDevice.PcieLinkState cap = linkState(section(all, "LnkCap:"));
            PciDevice.PcieLinkState sta = linkState(section(all, "LnkSta:"));
            String devCtl = section(all, "DevCtl:");
            String devCap = section(all, "DevCap:");
            Integer secondary = null;
            Integer subordinate = null;
            Matcher bus = BUS.matcher(all);
            if (bus.find()) {
                secondary = Integer.parseInt(bus.group(2), 16);
                subordinate = Integer.parseInt(bus.group(3), 16);
            }
            Matcher vendor = VENDOR_DEVICE.matcher(name);
            return new PciDevice(
                    address,
                    className,
                    classCode,
                    vendor.find() ? vendor.group(1).toLowerCase(java.util.Locale.ROOT) : null,
                    name,
                    driver,
                    numaNode,
                    cap,
                    sta,
                    firstInt(PAYLOAD, devCtl),
                    firstInt(READ_REQ, devCtl),
                    firstInt(PAYLOAD, devCap),
                    secondary,
                    subordinate,
                    acsControl,
                    line);
        }

        /** The text from a keyword up to the next capability keyword (wrapped lines included). */
        private static String section(String all, String keyword) {
            int i = all.indexOf(keyword);
            if (i < 0) {
                return null;
            }
            return all.substring(i + keyword.length(), nextKeyword(all, i + keyword.length()));
        }

        private static PciDevice.PcieLinkState linkState(String s) {
            if (s == null) {
                return null;
            }
            Matcher speed = SPEED.matcher(s);
            Matcher width = WIDTH.matcher(s);
            if (!speed.find() || !width.find()) {
                return null;
            }
            try {
                return new PciDevice.PcieLinkState(
                        Double.parseDouble(speed.group(1)), Integer.parseInt(width.group(1)));
            } catch (NumberFormatException e) {
                return null;
            }
        }

        private static Integer firstInt(Pattern p, String s) {
            if (s == null) {
                return null;
            }
            Matcher m = p.matcher(s);
            if (!m.find()) {
                return null;
            }
            try {
                return Integer.parseInt(m.group(1));
            } catch (NumberFormatException e) {
                return null;
            }
        }
    }
}
