package io.rocedoctor.parse;

/**
 * {@code ethtool -i IF}: the driver (bracketed sub-driver dropped: {@code mlx5_core[ib_ipoib]}
 * is {@code mlx5_core}), its version, the firmware version without the PSID suffix, the PSID,
 * and the PCI bus address. Firmware and bus address are null where the device has none
 * (virtual devices print an empty value or "N/A"); the driver is null when its line was missing
 * or empty in the capture.
 */
public record EthtoolDriverInfo(String driver, String version, String firmware, String psid, String busInfo) {}
