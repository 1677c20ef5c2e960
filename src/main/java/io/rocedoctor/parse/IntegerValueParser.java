package io.rocedoctor.parse;

/**
 * Parses a sysfs file holding one integer: {@code /sys/class/net/IF/device/numa_node}
 * ({@code -1} when the platform does not say), {@code /sys/class/net/IF/mtu}.
 * <pre>
 * 1
 * </pre>
 * gives 1.
 */
public final class IntegerValueParser implements Parser<Long> {
    @Override
    public Long parse(String text) throws ParseException {
        SingleLine line = SingleLine.of(text, "integer file");
        return TextLines.parseLong(line.text(), line.number(), "value");
    }
}
