package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.ParseException;
import java.util.Map;

/**
 * A SONiC buffer pool, from config_db's BUFFER_POOL or the CLI's {@code Pool:} block (same field
 * names). {@code xoff}, on an ingress pool, is the shared headroom pool; {@code size} is absent
 * where the dynamic buffer model computes it.
 */
public record SonicBufferPool(String name, String type, String mode, Long size, Long xoff) {

    static SonicBufferPool of(String name, Map<String, String> fields, int line) throws ParseException {
        return new SonicBufferPool(
                name,
                fields.get("type"),
                fields.get("mode"),
                SwitchValues.count(fields.get("size"), line, name + " size"),
                SwitchValues.count(fields.get("xoff"), line, name + " xoff"));
    }
}
