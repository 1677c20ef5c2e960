package io.rocedoctor.plan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The types an action parameter may have (rules/actions/*.yaml). Every value that reaches a
 * command is checked here first. The patterns are ASCII-only on purpose: a look-alike letter
 * (Cyrillic 'е', a full-width digit) is an error, never a new name. Names that could be read as
 * an option ({@code -rf}) or step outside a sysfs folder ({@code ..}) are refused as well. List
 * types check each comma-separated item on its own: one pattern repeating a group over a whole
 * list recurses once per item, and a crafted list of a few thousand items overflowed the stack.
 */
public enum ParameterType {
    INTERFACE("interface", "[A-Za-z0-9_.:@-]{1,15}", "a network interface name ([A-Za-z0-9_.:@-], at most 15)"),
    IBDEV("ibdev", "[A-Za-z0-9_.-]{1,64}", "an RDMA device name ([A-Za-z0-9_.-], at most 64)"),
    IRQ_LIST("irq-list", "[0-9]{1,5}", 1, 4096, "a comma list of IRQ numbers"),
    /** What /proc/interrupts names an IRQ by, and the folder /proc/irq/N/ holds for it: never a '/'. */
    IRQ_HANDLER(
            "irq-handler", "[A-Za-z0-9][A-Za-z0-9_.:@+-]{0,63}", "an IRQ handler name (mlx5_comp3@pci:0000:3b:00.0)"),
    CPU_LIST("cpu-list", "[0-9]{1,4}(-[0-9]{1,4})?", 1, 1024, "a CPU list (0-15,32-47)"),
    PRIORITY("priority", "[0-7]", "a priority 0-7"),
    PRIORITY_LIST("priority-list", "[0-7]", 0, 8, "a comma list of priorities 0-7, possibly empty"),
    DSCP("dscp", "[0-9]|[1-5][0-9]|6[0-3]", "a DSCP value 0-63"),
    TOS("tos", "[0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5]", "a ToS value 0-255"),
    INTEGER("integer", "0|[1-9][0-9]{0,8}", "a non-negative integer below 10^9"),
    SYSCTL_KEY("sysctl-key", "[a-z0-9_]{1,32}(\\.[a-z0-9_]{1,32}){1,7}", "a sysctl key (net.core.busy_poll)"),
    WORD("word", "[A-Za-z0-9][A-Za-z0-9_+.-]{0,31}", "a word ([A-Za-z0-9_+.-], at most 32)"),
    ROCE_MODE("roce-mode", "IB/RoCE v1|RoCE v2", "a RoCE mode (IB/RoCE v1 or RoCE v2)"),
    SWITCH_NAME("switch-name", "[A-Za-z0-9][A-Za-z0-9_.-]{0,62}", "a switch host name"),
    SWITCH_PORT("switch-port", "[A-Za-z][A-Za-z0-9_./:-]{0,31}", "a switch port name (Ethernet0, swp1s0)"),
    PCI_ADDRESS("pci-address", "[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\\.[0-7]", "a PCI function (0000:3b:00.0)"),
    PCI_SLOT("pci-slot", "[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}", "a PCI slot (0000:3b:00)"),
    PLATFORM("platform", "sonic|nvue|eos", "a switch platform (sonic, nvue or eos)"),
    /** An IPv4 address in dotted quad, each part 0-255 without leading zeros (192.168.10.11). */
    IPV4_ADDRESS("ipv4-address", Ipv4.OCTETS, "an IPv4 address (192.168.10.11)"),
    /** An IPv4 prefix with its length (192.168.10.0/24). */
    IPV4_PREFIX("ipv4-prefix", Ipv4.OCTETS + "/([0-9]|[12][0-9]|3[0-2])", "an IPv4 prefix (192.168.10.0/24)"),
    /** A host name as the kernel holds it (uname -n, at most 64 characters): the plan's host, checked by apply.sh. */
    HOST_NAME("host-name", "[A-Za-z0-9][A-Za-z0-9_.-]{0,63}", "a host name ([A-Za-z0-9_.-], at most 64)"),
    /** The bundle's machine id as the collector records it: a hash of /etc/machine-id, 32 hex digits. */
    MACHINE_ID("machine-id", "[0-9a-f]{32}", "a machine id (32 hex digits)");

    private final String label;
    /** The whole value's pattern, or a list item's. */
    private final Pattern pattern;
    /** 0 for a scalar; for a list, how many items it may hold. */
    private final int minItems;

    private final int maxItems;
    private final String description;

    ParameterType(String label, String regex, String description) {
        this(label, regex, 0, 0, description);
    }

    ParameterType(String label, String itemRegex, int minItems, int maxItems, String description) {
        this.label = label;
        this.pattern = Pattern.compile(itemRegex);
        this.minItems = minItems;
        this.maxItems = maxItems;
        this.description = description;
    }

    public String label() {
        return label;
    }

    public String description() {
        return description;
    }

    public static Optional<ParameterType> byLabel(String label) {
        return Arrays.stream(values()).filter(t -> t.label.equals(label)).findFirst();
    }

    /** Why the value is not one of this type, or empty when it is. */
    public Optional<String> problem(String value) {
        if (value == null) {
            return Optional.of("no value");
        }
        if (!matches(value)) {
            return Optional.of(visible(value) + " is not " + description);
        }
        if (value.equals(".") || value.contains("..") || value.startsWith("-")) {
            return Optional.of(visible(value) + " could name a parent folder or an option");
        }
        if (this == CPU_LIST) {
            for (String range : value.split(",")) {
                String[] ends = range.split("-");
                if (ends.length == 2 && Integer.parseInt(ends[0]) > Integer.parseInt(ends[1])) {
                    return Optional.of(visible(value) + " has a descending range " + range);
                }
            }
        }
        if (this == PRIORITY_LIST
                && !value.isEmpty()
                && Arrays.stream(value.split(",")).distinct().count() != value.split(",").length) {
            return Optional.of(visible(value) + " repeats a priority");
        }
        return Optional.empty();
    }

    private boolean matches(String value) {
        if (maxItems == 0) {
            return pattern.matcher(value).matches();
        }
        if (value.isEmpty()) {
            return minItems == 0;
        }
        String[] items = value.split(",", -1);
        return items.length <= maxItems
                && Arrays.stream(items).allMatch(item -> pattern.matcher(item).matches());
    }

    /** The members of a list value (IRQs, CPUs with ranges expanded, priorities); a scalar is its own only member. */
    public List<String> items(String value) {
        List<String> out = new ArrayList<>();
        if (value.isEmpty()) {
            return out;
        }
        for (String part : value.split(",")) {
            if (this == CPU_LIST && part.contains("-")) {
                String[] ends = part.split("-");
                for (int c = Integer.parseInt(ends[0]); c <= Integer.parseInt(ends[1]); c++) {
                    out.add(Integer.toString(c));
                }
            } else {
                out.add(part);
            }
        }
        return out;
    }

    /**
     * A value as a message may show it: printable ASCII as is, anything else escaped, cut at 40
     * characters, so a refusal can name the value without carrying it.
     */
    public static String visible(String value) {
        return "'" + GeneratedText.escape(value, 40, "'") + "'";
    }

    /** Dotted quads, for the two IPv4 types (a nested class: an enum constant cannot read a later field). */
    private static final class Ipv4 {
        private static final String OCTET = "(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])";
        static final String OCTETS = OCTET + "(\\." + OCTET + "){3}";
    }
}
