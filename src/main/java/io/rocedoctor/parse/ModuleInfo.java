package io.rocedoctor.parse;

import java.util.List;
import java.util.Map;

/**
 * A pluggable module's identity and diagnostics from {@code ethtool -m}, SFP (SFF-8472), QSFP
 * (SFF-8636) or CMIS (QSFP-DD, OSFP) layout. Numbers are null when the module does not report
 * them (no digital diagnostics, a passive cable).
 *
 * @param identifier                   e.g. "0x11 (QSFP28)"
 * @param connector                    e.g. "0x07 (LC)"
 * @param vendorName                   "Vendor name"
 * @param vendorPartNumber             "Vendor PN"
 * @param vendorSerialNumber           "Vendor SN"
 * @param temperatureCelsius           "Module temperature"
 * @param temperatureHighAlarmCelsius  "Module temperature high alarm threshold"
 * @param temperatureHighWarningCelsius "Module temperature high warning threshold"
 * @param voltage                      "Module voltage", in volts
 * @param rxPowerMilliwatts            received power per lane in channel order (one entry for SFP)
 * @param txPowerMilliwatts            transmitted power per lane in channel order (one entry for SFP)
 * @param fields                       every "name : value" line, whitespace in names collapsed;
 *                                     a repeated name (Transceiver type) joins its values with "; "
 */
public record ModuleInfo(
        String identifier,
        String connector,
        String vendorName,
        String vendorPartNumber,
        String vendorSerialNumber,
        Double temperatureCelsius,
        Double temperatureHighAlarmCelsius,
        Double temperatureHighWarningCelsius,
        Double voltage,
        List<Double> rxPowerMilliwatts,
        List<Double> txPowerMilliwatts,
        Map<String, String> fields) {
    public ModuleInfo {
        rxPowerMilliwatts = List.copyOf(rxPowerMilliwatts);
        txPowerMilliwatts = List.copyOf(txPowerMilliwatts);
        fields = OrderedCopy.map(fields);
    }
}
