package io.rocedoctor.parse;

import java.util.List;
import java.util.Map;

/**
 * What {@code mlxlink -m -e -c} says about one port. Anything the output does not show (an
 * older MFT, a truncated capture, a flag not given) is null or an empty list.
 *
 * @param state "Active", "Polling", ...
 * @param physicalState "LinkUp", "Disabled", ...
 * @param speed as printed ("100G", "100GbE", "BaseTp 200G", "IB-HDR")
 * @param speedGbps the number in {@code speed}, null when it has none
 * @param width as printed ("4x")
 * @param lanes the number in {@code width}
 * @param fec the FEC in force as printed ("Standard RS-FEC - RS(528,514)", "RS-FEC(544,514)", "No FEC")
 * @param laneSignaling NRZ or PAM4, derived from the FEC, the per-lane rate or the IB speed name
 * @param rawBer pre-FEC BER
 * @param effectiveBer post-FEC BER
 * @param symbolBer symbol BER (InfiniBand and some PAM4 outputs)
 * @param rawErrorsPerLane raw physical errors, one per active lane
 * @param minutesSinceLastClear "Time Since Last Clear [Min]"
 * @param sections every section title -> key -> value as printed (ANSI colours removed)
 */
public record MlxlinkReport(
        String state,
        String physicalState,
        String speed,
        Integer speedGbps,
        String width,
        Integer lanes,
        String fec,
        LaneSignaling laneSignaling,
        Ber rawBer,
        Ber effectiveBer,
        Ber symbolBer,
        List<Long> rawErrorsPerLane,
        Long effectiveErrors,
        Long symbolErrors,
        Long linkDownCounter,
        Long linkErrorRecoveryCounter,
        Double minutesSinceLastClear,
        String recommendation,
        Module module,
        EyeOpening eye,
        Map<String, Map<String, String>> sections) {

    public MlxlinkReport {
        rawErrorsPerLane = List.copyOf(rawErrorsPerLane);
        sections = OrderedCopy.map(sections);
    }

    public enum LaneSignaling {
        NRZ,
        PAM4
    }

    /**
     * A bit error ratio as mlxlink prints it, mantissa "E" exponent: "3E-12", "1.5E-9", and
     * "15E-255", mlxlink's way of saying "no error counted yet".
     */
    public record Ber(String text, double mantissa, int exponent) {
        public double value() {
            return mantissa * Math.pow(10, exponent);
        }

        /** log10 of the ratio, -Infinity for a zero mantissa; robust where {@link #value()} underflows. */
        public double log10() {
            return mantissa == 0 ? Double.NEGATIVE_INFINITY : Math.log10(mantissa) + exponent;
        }
    }

    /**
     * The "Module Info" section ({@code -m}).
     *
     * @param lengthMeters "Transfer Distance [m]" (newer MFT) or "Cable Length [m]" (older)
     * @param temperatureCelsius null when printed "N/A" (passive copper has no sensor)
     */
    public record Module(
            String identifier,
            String cableType,
            String cableTechnology,
            String compliance,
            String vendorName,
            String vendorPartNumber,
            Double lengthMeters,
            Double temperatureCelsius) {}

    /** The "EYE Opening Info" section ({@code -e}), one value per lane in printed order. */
    public record EyeOpening(List<Long> physicalGrade, List<Long> heightMillivolts, List<Long> phasePicoseconds) {
        public EyeOpening {
            physicalGrade = List.copyOf(physicalGrade);
            heightMillivolts = List.copyOf(heightMillivolts);
            phasePicoseconds = List.copyOf(phasePicoseconds);
        }
    }
}
