package io.rocedoctor.parse;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses {@code ethtool --show-priv-flags IF}.
 *
 * <pre>
 * Private flags for ens3f1np1:
 * rx_cqe_moder       : on
 * tx_cqe_moder       : off
 * rx_cqe_compress    : off
 * rx_striding_rq     : on
 * rx_no_csum_complete: off
 * dropless_rq        : off
 * tx_port_ts         : off
 * </pre>
 * gives {rx_cqe_moder=true, tx_cqe_moder=false, rx_cqe_compress=false, rx_striding_rq=true, ...}.
 * Empty output, or a driver without private flags ("Cannot get private flags ..."), is a ParseException.
 */
public final class PrivateFlagsParser extends LineParser<PrivateFlags> {
    @Override
    protected PrivateFlags parse(TextLines lines) throws ParseException {
        OnOffList list = OnOffList.parse(lines, List.of("Private flags for "), "ethtool --show-priv-flags");
        Map<String, Boolean> flags = new LinkedHashMap<>();
        for (OnOffList.Setting s : list.settings()) {
            flags.putIfAbsent(s.name(), s.on());
        }
        return new PrivateFlags(list.interfaceName(), flags);
    }
}
