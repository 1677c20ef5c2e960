package io.rocedoctor.facts;

import java.util.List;

/**
 * The physical link of one port, from {@code ethtool IF}, {@code mlxlink} and the port's counters.
 * Anything a source did not show is null.
 *
 * @param speedMbps          operating speed (null when the link is down)
 * @param commonMaxMbps      the highest speed both this port and its link partner advertise;
 *                           null when the partner's modes are not shown
 * @param peerGroup          the bond or multipath group whose other members run faster, when any
 * @param peerMaxMbps        the fastest other member of that group
 * @param mlxlink            the mlxlink command the link health was read from; null without one
 * @param lanes              lanes of the link ("4x")
 * @param signaling          "PAM4" or "NRZ" lane modulation, null when not known
 * @param fec                the FEC in force as mlxlink prints it
 * @param fecCode            {@code rs544}, {@code rs528}, {@code baser} or {@code none}; null when
 *                           the FEC is not one whose correction limit roce-doctor knows
 * @param rawBer             pre-FEC bit error ratio, with {@code rawBerText} as printed
 * @param effectiveBer       post-FEC bit error ratio, with {@code effectiveBerText} as printed
 * @param symbolErrorsDelta  increase of the port's symbol error counter between the first and last
 *                           sample; null with one sample or without the counter
 * @param symbolErrorCounter the name of that counter as the capture prints it (mlx5 {@code rx_symbol_err_phy})
 * @param symbolErrorBer     that increase over the bits the link received at line rate in the
 *                           interval: the bit error ratio left after FEC (mlx5 counts the symbol
 *                           errors the FEC did not correct, or all of them without FEC); null when
 *                           the increase, the speed or the interval is unknown
 * @param linkDowns          mlxlink "Link Down Counter" since its last clear
 * @param recoveries         mlxlink "Link Error Recovery Counter" since its last clear
 * @param minutesSinceClear  how long those counters have been counting
 * @param carrierChangesDelta increase of the netdev's carrier changes between the first and last
 *                           sample ({@code ip -s -s link}); null with one sample
 */
public record PhysicalLink(
        String port,
        String nic,
        Integer speedMbps,
        Integer commonMaxMbps,
        List<String> advertisedModes,
        List<String> partnerModes,
        String peerGroup,
        Integer peerMaxMbps,
        String mlxlink,
        Integer lanes,
        String signaling,
        String fec,
        String fecCode,
        Double rawBer,
        String rawBerText,
        Double effectiveBer,
        String effectiveBerText,
        Long symbolErrorsDelta,
        String symbolErrorCounter,
        Double symbolErrorBer,
        Long linkDowns,
        Long recoveries,
        Double minutesSinceClear,
        Long carrierChangesDelta) {
    public PhysicalLink {
        advertisedModes = List.copyOf(advertisedModes);
        partnerModes = List.copyOf(partnerModes);
    }
}
