package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.OrderedCopy;
import java.util.Map;

/** SONiC's buffer pools and profiles as the CLI shows them, by name; the lossless traffic pattern when shown. */
public record SonicBufferConfig(
        Map<String, SonicBufferPool> pools,
        Map<String, SonicBufferProfile> profiles,
        Map<String, String> losslessTrafficPattern) {
    public SonicBufferConfig {
        pools = OrderedCopy.map(pools);
        profiles = OrderedCopy.map(profiles);
        losslessTrafficPattern = OrderedCopy.map(losslessTrafficPattern);
    }
}
