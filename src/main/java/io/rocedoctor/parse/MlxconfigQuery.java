package io.rocedoctor.parse;

import java.util.Map;
import java.util.Optional;

/**
 * A device's firmware configuration as {@code mlxconfig}/{@code mstconfig} prints it.
 *
 * @param deviceType "ConnectX4LX"; null when the header is not in the capture
 * @param name the board part number ("MCX631102AN-ADA"), "N/A" as printed
 * @param description as printed
 * @param device the device as given to {@code -d} ("01:00.1", "/dev/mst/mt4119_pciconf0")
 * @param parameters parameter name -> its values
 */
public record MlxconfigQuery(
        String deviceType, String name, String description, String device, Map<String, Parameter> parameters) {

    public MlxconfigQuery {
        parameters = OrderedCopy.map(parameters);
    }

    /** The value in force for a parameter (see {@link Parameter#effective()}). */
    public Optional<Value> value(String parameter) {
        return Optional.ofNullable(parameters.get(parameter)).map(Parameter::effective);
    }

    /**
     * One row; a column the layout does not print is null ({@code q} prints only Next Boot,
     * {@code -e q} Default/Current/Next Boot, {@code set} Next Boot/New).
     */
    public record Parameter(String name, Value defaultValue, Value current, Value nextBoot, Value newValue) {

        /** Current when printed, else Next Boot (what plain {@code q} shows), else New. */
        public Value effective() {
            return current != null ? current : nextBoot != null ? nextBoot : newValue;
        }
    }

    /**
     * One cell, "True(1)", "DEVICE_DEFAULT(0)", "4096", "0x1f", "Array[0..7]".
     *
     * @param raw as printed
     * @param number the number in it (1 for "True(1)", 4096), null for "Array[0..7]" and other names
     * @param label the name part ("True", "DEVICE_DEFAULT", "Array[0..7]"), null for a bare number
     */
    public record Value(String raw, Long number, String label) {

        /** True/False for "True(1)"/"False(0)", empty for anything else. */
        public Optional<Boolean> flag() {
            if ("True".equalsIgnoreCase(label)) {
                return Optional.of(true);
            }
            if ("False".equalsIgnoreCase(label)) {
                return Optional.of(false);
            }
            return Optional.empty();
        }
    }
}
