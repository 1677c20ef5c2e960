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
        TextLines lines = TextLines.of(text);
        if (lines.isBlank()) {
            throw new ParseException(0, "empty file");
        }
        for (int n = 1; n <= lines.size(); n++) {
            if (!lines.line(n).isBlank()) {
                return TextLines.parseLong(lines.line(n), n, "value");
            }
        }
        throw new ParseException(0, "empty file");
    }
}
