package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.ParseException;
import java.util.Map;
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

    static SonicBufferProfile of(String name, Map<String, String> f, int line) throws ParseException {
        String pool = f.get("pool");
        if (pool != null) {
            Matcher m = REFERENCE.matcher(pool.strip());
            pool = m.matches() ? m.group(1) : pool.strip();
        }
        return new SonicBufferProfile(
                name,
                pool,
                SwitchValues.count(f.get("size"), line, name + " size"),
                SwitchValues.count(f.get("xon"), line, name + " xon"),
                SwitchValues.count(f.get("xoff"), line, name + " xoff"),
                SwitchValues.count(f.get("xon_offset"), line, name + " xon_offset"),
                SwitchValues.integer(f.get("dynamic_th"), line, name + " dynamic_th"),
                SwitchValues.count(f.get("static_th"), line, name + " static_th"),
                f.get("headroom_type"));
    }
}
