package io.rocedoctor.parse.sw;

import java.util.List;
import java.util.Optional;

/** The ECN/RED settings per traffic class of an NVUE congestion-control profile; thresholds in bytes. */
public record NvueCongestionControl(List<TrafficClass> trafficClasses) {
    public NvueCongestionControl {
        trafficClasses = List.copyOf(trafficClasses);
    }

    public record TrafficClass(
            int trafficClass,
            Boolean ecnEnabled,
            Boolean redEnabled,
            Long minThresholdBytes,
            Long maxThresholdBytes,
            Integer probability) {}

    public Optional<TrafficClass> trafficClass(int tc) {
        return trafficClasses.stream().filter(t -> t.trafficClass() == tc).findFirst();
    }
}
