package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.LineParser;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.TextLines;
import java.util.HashMap;
import java.util.Map;

/**
 * Parses {@code mmuconfig -l}, {@code show mmu}, {@code show buffer configuration} and
 * {@code show buffer information}: "key value" blocks titled {@code Pool:} or {@code Profile:}
 * (fields in any order; a pool reference may be wrapped as {@code [BUFFER_POOL|name]}).
 * <pre>
 * Pool: ingress_lossless_pool
 * ----  --------
 * mode  dynamic
 * size  32732160
 * type  ingress
 * xoff  1622016
 * ----  --------
 *
 * Profile: pg_lossless_100000_300m_profile
 * ----------  ---------------------
 * dynamic_th  0
 * pool        ingress_lossless_pool
 * size        4608
 * xoff        160000
 * xon         4608
 * xon_offset  4608
 * ----------  ---------------------</pre>
 * -> pools {ingress_lossless_pool: ingress, dynamic, 32732160, xoff 1622016},
 * profiles {pg_lossless_100000_300m_profile: xoff 160000, xon 4608, ...}.
 * Empty text is a ParseException at line 0; text without any Pool or Profile block, at line 1.
 */
public final class SonicBufferConfigParser extends LineParser<SonicBufferConfig> {

    @Override
    protected SonicBufferConfig parse(TextLines lines) throws ParseException {
        Map<String, SonicBufferPool> pools = new HashMap<>();
        Map<String, SonicBufferProfile> profiles = new HashMap<>();
        Map<String, String> pattern = new HashMap<>();
        LineByLine rows = new LineByLine(lines);
        for (TabulateTables.Table t : TabulateTables.parse(lines)) {
            if (!t.headers().isEmpty()) {
                continue;
            }
            String name = t.titleName().orElse(null);
            switch (t.titleKind()) {
                case "pool" -> {
                    if (name != null) {
                        pools.put(name, SonicBufferPool.of(name, SonicFields.block(name, t, rows)));
                    }
                }
                case "profile" -> {
                    if (name != null) {
                        profiles.put(name, SonicBufferProfile.of(name, SonicFields.block(name, t, rows)));
                    }
                }
                case "lossless traffic pattern" -> pattern.putAll(t.keyValues());
                default -> {
                    // Other blocks (headroom pool, per-port lists on newer releases) are not needed yet.
                }
            }
        }
        rows.requireSomeRead();
        if (pools.isEmpty() && profiles.isEmpty() && !saysNothingConfigured(lines)) {
            throw new ParseException(1, "no 'Pool:' or 'Profile:' block: not an mmuconfig / show buffer output");
        }
        return new SonicBufferConfig(pools, profiles, pattern);
    }

    /** mmuconfig's own words for a switch with no buffer pool and no profile in its database. */
    private static boolean saysNothingConfigured(TextLines lines) {
        return lines.all().stream().anyMatch(l -> l.strip().startsWith("No buffer pool information available"));
    }
}
