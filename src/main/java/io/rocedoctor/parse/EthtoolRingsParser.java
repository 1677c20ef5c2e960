package io.rocedoctor.parse;

import com.fasterxml.jackson.databind.JsonNode;
import io.rocedoctor.parse.EthtoolPresetTable.Block;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Parses {@code ethtool -g IF}, classic or newer layout, and its JSON form {@code ethtool -j -g IF}.
 *
 * <pre>
 * Ring parameters for ens2f1np1:
 * Pre-set maximums:
 * RX:                     8192
 * RX Mini:                n/a
 * RX Jumbo:               n/a
 * TX:                     8192
 * Current hardware settings:
 * RX:                     1024
 * RX Mini:                n/a
 * RX Jumbo:               n/a
 * TX:                     1024
 * RX Buf Len:             n/a
 * CQE Size:               n/a
 * TX Push:                off
 * TCP data split:         off
 * </pre>
 * gives maximums rx=8192 tx=8192, current rx=1024 tx=1024, otherSettings
 * {rx-buf-len=n/a, cqe-size=n/a, tx-push=off, tcp-data-split=off}.
 *
 * <p>The JSON form ({@code [ {"ifname": "ens2f1np1", "rx-max": 8192, "rx": 1024, "tx-push": false} ]})
 * gives the same record; JSON booleans become "on"/"off" as the text form prints them.
 * Empty output or an ethtool refusal is a ParseException; a line of the text form that does not
 * read is a note (see {@link EthtoolPresetTable}). The extra settings are keyed by ethtool's JSON
 * names, so both forms give the same keys ("TX push buff len" is "tx-push-buf-len").
 */
public final class EthtoolRingsParser extends LineParser<EthtoolRings> {
    private static final Set<String> SIZES = Set.of("RX", "RX Mini", "RX Jumbo", "TX");

    @Override
    protected EthtoolRings parse(TextLines lines) throws ParseException {
        // ethtool -j prints JSON; its lines rejoined, noise already blanked
        String trimmed = String.join("\n", lines.all()).strip();
        if (trimmed.startsWith("[") || trimmed.startsWith("{")) {
            return parseJson(trimmed);
        }
        EthtoolPresetTable table = EthtoolPresetTable.parse(lines, "Ring parameters for ", "ethtool -g", SIZES);
        return new EthtoolRings(
                table.interfaceName(),
                sizes(table, Block.MAXIMUMS),
                sizes(table, Block.CURRENT),
                table.others(Block.CURRENT, SIZES));
    }

    private static EthtoolRings.Sizes sizes(EthtoolPresetTable table, Block block) {
        return new EthtoolRings.Sizes(
                table.count(block, "RX"),
                table.count(block, "RX Mini"),
                table.count(block, "RX Jumbo"),
                table.count(block, "TX"));
    }

    private static EthtoolRings parseJson(String text) throws ParseException {
        JsonNode root = JsonText.read(text, "ethtool -j -g");
        JsonNode ring = root.isArray() ? root.path(0) : root;
        if (ring == null || !ring.isObject()) {
            throw new ParseException(1, "ethtool -j -g: expected an object or an array of one object");
        }
        Map<String, String> others = new LinkedHashMap<>();
        var fields = ring.properties().iterator();
        while (fields.hasNext()) {
            var f = fields.next();
            String key = f.getKey();
            if (!key.equals("ifname")
                    && !key.endsWith("-max")
                    && !Set.of("rx", "rx-mini", "rx-jumbo", "tx").contains(key)) {
                JsonNode v = f.getValue();
                others.put(key, v.isBoolean() ? (v.booleanValue() ? "on" : "off") : v.asText());
            }
        }
        String name = ring.path("ifname").isTextual() ? ring.path("ifname").asText() : null;
        return new EthtoolRings(
                name,
                new EthtoolRings.Sizes(
                        jsonCount(ring, "rx-max"),
                        jsonCount(ring, "rx-mini-max"),
                        jsonCount(ring, "rx-jumbo-max"),
                        jsonCount(ring, "tx-max")),
                new EthtoolRings.Sizes(
                        jsonCount(ring, "rx"),
                        jsonCount(ring, "rx-mini"),
                        jsonCount(ring, "rx-jumbo"),
                        jsonCount(ring, "tx")),
                others);
    }

    private static Long jsonCount(JsonNode ring, String key) throws ParseException {
        JsonNode v = ring.get(key);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.canConvertToLong() || !v.isIntegralNumber()) {
            throw new ParseException(
                    0, "ethtool -j -g: '" + key + "' is not a whole number: " + TextLines.abbreviate(v.toString()));
        }
        return v.longValue();
    }
}
