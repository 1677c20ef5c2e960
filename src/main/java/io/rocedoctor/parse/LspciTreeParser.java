package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code lspci -tv} (and {@code -t}): the tree of every PCI domain, one function per line.
 * <pre>
 * -+-[0000:17]-+-00.0  Intel Corporation Sky Lake-E DMI3 Registers
 *  |           \-02.0-[18-1b]----00.0-[19-1b]--+-00.0-[1a]----00.0  NVIDIA Corporation GA100 [A100 PCIe 40GB]
 *  |                                           \-10.0-[1b]----00.0  Mellanox Technologies MT28908 Family [ConnectX-6]
 *  \-[0000:00]-+-00.0  Intel Corporation Sky Lake-E DMI3 Registers
 *              \-1c.0-[01]--
 * </pre>
 * gives 0000:1a:00.0 (the GPU) under 0000:19:00.0, under 0000:18:00.0, under the root port
 * 0000:17:02.0 on root bus 0000:17; 0000:1b:00.0 under 0000:19:10.0.
 *
 * <p>pciutils' {@code ls-tree.c} prints each line by walking from a root bus down to one function:
 * a root bus as {@code [DDDD:BB]-} (after {@code -}, {@code +-} or {@code \-} when a host bridge has
 * several), a function as {@code DD.F} after {@code --} (the only one on its bus), {@code +-} or
 * {@code \-} (the last); a bridge's secondary buses follow as {@code -[SS]-} or {@code -[SS-UU]-},
 * then {@code -} and its bus's functions; with {@code -v}, two spaces and the vendor and device name.
 * Once a line is printed, its text becomes blanks with {@code |} where a bus goes on, so a line
 * continues the bus whose functions start at its first column. A line whose column matches no bus
 * seen, or that holds something else, is a note; text with no function is a ParseException.
 */
public final class LspciTreeParser extends LineParser<PciTree> {
    private static final Pattern ROOT_BUS =
            Pattern.compile("(?:-[+\\\\]-|[+\\\\]-|-)?\\[([0-9a-fA-F]{4}):([0-9a-fA-F]{2})]-");
    private static final Pattern FUNCTION = Pattern.compile("(?:[+\\\\]-|--)([0-9a-fA-F]{2}\\.[0-7])");
    private static final Pattern SECONDARY = Pattern.compile("-\\[([0-9a-fA-F]{2})(?:-[0-9a-fA-F]{2})?]-");

    /** A bus whose functions start at some column: its domain and number, and the bridge above it (null: a root bus). */
    private record Bus(String domain, String number, String bridge) {}

    @Override
    protected PciTree parse(TextLines lines) throws ParseException {
        List<PciTree.Node> nodes = new ArrayList<>();
        Map<Integer, Bus> busAt = new HashMap<>();
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n);
            int pos = 0;
            while (pos < line.length() && (line.charAt(pos) == ' ' || line.charAt(pos) == '|')) {
                pos++;
            }
            if (pos == line.length()) {
                continue;
            }
            int first = pos;
            boolean read = false;
            String problem = null;
            while (pos < line.length()) {
                Matcher root = ROOT_BUS.matcher(line).region(pos, line.length());
                Matcher function = FUNCTION.matcher(line).region(pos, line.length());
                if (pos == first && (root.lookingAt() || function.lookingAt() && busAt.containsKey(pos))) {
                    // Buses right of the first column ended with the lines above: this line sets its own.
                    busAt.keySet().removeIf(c -> c > first);
                }
                if (root.lookingAt()) {
                    busAt.put(
                            root.end(), new Bus(root.group(1).toLowerCase(java.util.Locale.ROOT), root.group(2), null));
                    pos = root.end();
                } else if (function.lookingAt()) {
                    Bus bus = busAt.get(pos);
                    if (bus == null) {
                        problem = "a function at column " + (pos + 1) + ", where no bus of the lines above goes on";
                        break;
                    }
                    String address = bus.domain() + ":" + bus.number().toLowerCase(java.util.Locale.ROOT) + ":"
                            + function.group(1).toLowerCase(java.util.Locale.ROOT);
                    pos = function.end();
                    String name = null;
                    Matcher secondary = SECONDARY.matcher(line).region(pos, line.length());
                    if (secondary.lookingAt()) {
                        // "-[SS]-" then ls-tree's '-' before the bridge's own bus.
                        pos = secondary.end() + 1;
                        busAt.put(pos, new Bus(bus.domain(), secondary.group(1), address));
                    } else if (line.startsWith("  ", pos) || pos == line.length()) {
                        name = pos == line.length() ? null : line.substring(pos).strip();
                        pos = line.length();
                    }
                    nodes.add(new PciTree.Node(address, bus.bridge(), name, n));
                    read = true;
                } else {
                    problem = "not a bus, a function or a name at column " + (pos + 1) + ": '"
                            + TextLines.abbreviate(line.substring(pos)) + "'";
                    break;
                }
            }
            if (problem != null && !read) {
                lines.unreadable(n, problem);
            } else if (problem != null) {
                lines.partlyUnreadable(new ParseException(n, problem));
            }
        }
        if (nodes.isEmpty()) {
            throw new ParseException(0, "no PCI function found");
        }
        return new PciTree(nodes);
    }
}
