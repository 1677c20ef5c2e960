package io.rocedoctor.parse;

import java.util.Map;
import java.util.Optional;

/**
 * The driver private flags of one netdev from {@code ethtool --show-priv-flags} (mlx5:
 * rx_cqe_moder, rx_cqe_compress, rx_striding_rq, dropless_rq, tx_port_ts, ...).
 *
 * @param interfaceName the netdev; null when the title was not captured
 * @param flags         flag name to on (true) / off (false)
 */
public record PrivateFlags(String interfaceName, Map<String, Boolean> flags) {
    public PrivateFlags {
        flags = OrderedCopy.map(flags);
    }

    /** A flag's state; empty when this driver has no such flag. */
    public Optional<Boolean> flag(String name) {
        return Optional.ofNullable(flags.get(name));
    }
}
