package io.rocedoctor.parse.sw;

import java.util.List;
import java.util.Optional;

/**
 * {@code show pfcwd config}: the polling interval when the output states it, and per port the
 * watchdog's action ({@code drop}, {@code forward}, {@code alert}) and times in milliseconds.
 */
public record SonicPfcwdConfig(Integer pollIntervalMillis, List<PortConfig> ports) {
    public SonicPfcwdConfig {
        ports = List.copyOf(ports);
    }

    public record PortConfig(
            String port, String action, Long detectionMillis, Long restorationMillis, String history) {}

    public Optional<PortConfig> port(String name) {
        return ports.stream().filter(p -> p.port().equals(name)).findFirst();
    }
}
