package io.rocedoctor.parse.sw;

import java.util.List;

/**
 * {@code nv show interface IF qos pfc-watchdog} (or the global {@code nv show qos pfc-watchdog}):
 * whether the watchdog runs, its polling interval and robustness when shown, and per traffic
 * class its status ({@code OK}, {@code DEADLOCK}) and deadlock count.
 */
public record NvuePfcWatchdog(
        Boolean enabled, Integer pollingIntervalMillis, Integer robustness, List<TrafficClass> trafficClasses) {
    public NvuePfcWatchdog {
        trafficClasses = List.copyOf(trafficClasses);
    }

    public record TrafficClass(int trafficClass, String status, Long deadlockCount) {
        public boolean deadlocked() {
            return "DEADLOCK".equalsIgnoreCase(status);
        }
    }
}
