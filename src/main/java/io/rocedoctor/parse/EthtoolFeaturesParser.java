package io.rocedoctor.parse;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses {@code ethtool -k IF} (also the old "Offload parameters for IF:" title).
 *
 * <pre>
 * Features for ens1f0np0:
 * rx-checksumming: on
 * tx-checksumming: on
 *         tx-checksum-ipv4: off [fixed]
 *         tx-checksum-ip-generic: on
 * large-receive-offload: off [requested on]
 * rx-vlan-filter: on [fixed]
 * </pre>
 * gives tx-checksum-ipv4 = off fixed; large-receive-offload = off, request differs;
 * rx-vlan-filter = on fixed. Empty output or an output without any feature line is a ParseException.
 */
public final class EthtoolFeaturesParser extends LineParser<EthtoolFeatures> {
    @Override
    protected EthtoolFeatures parse(TextLines lines) throws ParseException {
        OnOffList list = OnOffList.parse(lines, List.of("Features for ", "Offload parameters for "), "ethtool -k");
        Map<String, EthtoolFeatures.Feature> features = new LinkedHashMap<>();
        for (OnOffList.Setting s : list.settings()) {
            String note = s.annotation();
            features.putIfAbsent(s.name(), new EthtoolFeatures.Feature(s.on(), note.contains("fixed"), note.contains("requested")));
        }
        return new EthtoolFeatures(list.interfaceName(), features);
    }
}
