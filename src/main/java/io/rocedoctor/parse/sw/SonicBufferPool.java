package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.ParseException;

/**
 * A SONiC buffer pool, from config_db's BUFFER_POOL or the CLI's {@code Pool:} block (same field
 * names). {@code xoff}, on an ingress pool, is the shared headroom pool; {@code size} is absent
 * where the dynamic buffer model computes it.
 */
public record SonicBufferPool(String name, String type, String mode, Long size, Long xoff) {

    static SonicBufferPool of(String name, SonicFields fields) throws ParseException {
        return new SonicBufferPool(
                name, fields.text("type"), fields.text("mode"), fields.count("size"), fields.count("xoff"));
    }
}
