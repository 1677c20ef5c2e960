package io.rocedoctor.parse;

import java.util.Locale;

/**
 * Parses {@code cma_roce_mode -d DEV -p PORT}, which prints the configfs file
 * {@code /sys/kernel/config/rdma_cm/DEV/ports/PORT/default_roce_mode}:
 * <pre>
 * RoCE v2
 * </pre>
 * -> RoceMode(ROCE_V2, "RoCE v2"). The kernel spells version 1 "IB/RoCE v1"; "RoCE v1" (as some
 * guides print it) is accepted too. Empty text or any other string is a {@link ParseException}.
 */
public final class RoceModeParser implements Parser<RoceMode> {

    @Override
    public RoceMode parse(String text) throws ParseException {
        SingleLine line = SingleLine.of(text, "cma_roce_mode");
        String value = line.text().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
        if (value.equals("roce v2")) {
            return new RoceMode(RoceMode.Version.ROCE_V2, line.text());
        }
        if (value.equals("ib/roce v1") || value.equals("roce v1")) {
            return new RoceMode(RoceMode.Version.ROCE_V1, line.text());
        }
        throw new ParseException(line.number(), "not a RoCE mode: '" + TextLines.abbreviate(line.text()) + "'");
    }
}
