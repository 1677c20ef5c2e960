package io.rocedoctor.parse;

import java.util.Optional;

/**
 * Parses {@code ethtool -a IF}: the port's link-level pause settings. The netlink printer
 * (ethtool {@code netlink/pause.c}, {@code pause_reply_cb}) and the older ioctl one
 * ({@code ethtool.c}, {@code dump_pause}) print the same lines: a title, {@code Autonegotiate:},
 * {@code RX:} and {@code TX:} with {@code on}/{@code off}, and with autonegotiation on the
 * {@code RX negotiated:}/{@code TX negotiated:} result. Pause statistics ({@code ethtool -I -a},
 * {@code Statistics:} and its counters) are not read.
 *
 * <pre>
 * Pause parameters for ens1f0np0:
 * Autonegotiate:	off
 * RX:		on
 * TX:		on
 * </pre>
 * gives interfaceName ens1f0np0, autonegotiate false, rx true, tx true, nothing negotiated.
 *
 * <p>A line that is not one of these, or a value other than on/off, is a note; a text with none
 * of them (ethtool's "Cannot get device pause settings: Operation not supported") fails.
 */
public final class EthtoolPauseParser extends LineParser<EthtoolPause> {
    private static final String TITLE = "Pause parameters for ";

    @Override
    protected EthtoolPause parse(TextLines lines) throws ParseException {
        String name = null;
        Boolean autoneg = null;
        Boolean rx = null;
        Boolean tx = null;
        Boolean rxNegotiated = null;
        Boolean txNegotiated = null;
        boolean inStatistics = false;
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n);
            if (line.isBlank()) {
                continue;
            }
            if (line.startsWith(TITLE) && line.strip().endsWith(":")) {
                String title = line.strip();
                name = title.substring(TITLE.length(), title.length() - 1);
                continue;
            }
            if (line.strip().equals("Statistics:")) {
                inStatistics = true; // ethtool -I -a: counters, not settings
                continue;
            }
            if (inStatistics) {
                continue;
            }
            Optional<String[]> kv = TextLines.keyValue(line, ':');
            Boolean value = kv.map(p -> onOff(p[1])).orElse(null);
            String key = kv.map(p -> p[0]).orElse("");
            if (value == null
                    || !(key.equals("Autonegotiate")
                            || key.equals("RX")
                            || key.equals("TX")
                            || key.equals("RX negotiated")
                            || key.equals("TX negotiated"))) {
                lines.unreadable(n, "not an ethtool -a setting (Autonegotiate, RX, TX: on or off)");
                continue;
            }
            switch (key) {
                case "Autonegotiate" -> autoneg = value;
                case "RX" -> rx = value;
                case "TX" -> tx = value;
                case "RX negotiated" -> rxNegotiated = value;
                default -> txNegotiated = value;
            }
        }
        if (autoneg == null && rx == null && tx == null) {
            // The title alone: ethtool printed it, then its refusal on stderr.
            throw new ParseException(1, "ethtool -a: no pause setting (Autonegotiate, RX, TX) in the output");
        }
        return new EthtoolPause(name, autoneg, rx, tx, rxNegotiated, txNegotiated);
    }

    private static Boolean onOff(String value) {
        return switch (value.strip()) {
            case "on" -> Boolean.TRUE;
            case "off" -> Boolean.FALSE;
            default -> null;
        };
    }
}
