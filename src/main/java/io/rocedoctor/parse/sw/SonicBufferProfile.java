package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.ParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A SONiC buffer profile, from config_db's BUFFER_PROFILE or the CLI's {@code Profile:} block.
 * {@code pool} is the bare pool name (the CLI's {@code [BUFFER_POOL|ingress_lossless_pool]} is
 * unwrapped); sizes in bytes; {@code dynamicTh} is the alpha exponent, {@code staticTh} a byte limit.
 */
public record SonicBufferProfile(
        String name,
        String pool,
        Long size,
        Long xon,
        Long xoff,
        Long xonOffset,
        Integer dynamicTh,
        Long staticTh,
        String headroomType) {

    private static final Pattern REFERENCE = Pattern.compile("\\[?(?:BUFFER_POOL(?:_TABLE)?[|:])?([^\\]]*)]?");

    static SonicBufferProfile of(String name, SonicFields f) throws ParseException {
        String pool = f.text("pool");
        if (pool != null) {
            Matcher m = REFERENCE.matcher(pool.strip());
            pool = m.matches() ? m.group(1) : pool.strip();
        }
        return new SonicBufferProfile(
                name,
                pool,
                f.count("size"),
                f.count("xon"),
                f.count("xoff"),
                f.count("xon_offset"),
                f.integer("dynamic_th"),
                f.count("static_th"),
                f.text("headroom_type"));
    }
}
