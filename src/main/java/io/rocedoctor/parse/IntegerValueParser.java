package io.rocedoctor.parse;

/**
 * Parses a sysfs file holding one integer: {@code /sys/class/net/IF/device/numa_node}
 * ({@code -1} when the platform does not say), {@code /sys/class/net/IF/mtu}, MLNX_OFED's
 * {@code /sys/class/net/IF/ecn/roce_np/cnp_dscp} and {@code cnp_802p_prio} (en_ecn.c's
 * {@code mlx5e_show_cnp_dscp}: {@code "%d\n"}).
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
