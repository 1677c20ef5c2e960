package io.rocedoctor.facts;

/**
 * The transceiver temperature of one port and the module's own warning and alarm thresholds
 * (null when the module does not publish them, as mlxlink's module section does not).
 *
 * @param source the command the reading came from ({@code ethtool -m IF} or mlxlink)
 */
public record ModuleTemperature(
        String port, double celsius, Double warningCelsius, Double alarmCelsius, String source) {}
