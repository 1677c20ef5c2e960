package io.rocedoctor.parse.sw;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The QoS part of an Arista EOS {@code show running-config}: each {@code interface} and
 * {@code qos profile} section (an interface takes a profile's settings through
 * {@code service-profile}, its own lines winning), the global {@code qos map} lines, the global
 * {@code priority-flow-control all off}, the watchdog's default timeout and the
 * {@code interface defaults} MTU. Running-config prints what differs from the defaults: a setting
 * a section does not show is null (or absent from its map), never a guessed default.
 */
public record EosRunningConfig(
        Map<String, Section> interfaces,
        Map<String, Section> qosProfiles,
        Map<Integer, Integer> dscpToTrafficClass,
        Map<Integer, Integer> cosToTrafficClass,
        Map<Integer, Integer> trafficClassToTxQueue,
        boolean pfcAllOff,
        String watchdogDefaultTimeout,
        Integer defaultMtu) {
    public EosRunningConfig {
        interfaces = sorted(interfaces);
        qosProfiles = sorted(qosProfiles);
        dscpToTrafficClass = sorted(dscpToTrafficClass);
        cosToTrafficClass = sorted(cosToTrafficClass);
        trafficClassToTxQueue = sorted(trafficClassToTxQueue);
    }

    /**
     * One interface or qos profile. {@code routed}: the interface says {@code no switchport}
     * (null in a profile). {@code trust}: {@code dscp}, {@code cos} or {@code untrusted}
     * ({@code no qos trust}). {@code pfcOn}: {@code priority-flow-control on} (or {@code mode on}).
     * {@code pfcNoDrop}: priority -> true for {@code priority N no-drop}, false for {@code drop}.
     * {@code watchdog}: {@code priority-flow-control pause watchdog}, or false for its {@code no} form.
     */
    public record Section(
            String serviceProfile,
            Boolean routed,
            Integer mtu,
            String trust,
            Boolean pfcOn,
            Map<Integer, Boolean> pfcNoDrop,
            Boolean watchdog,
            Map<Integer, TxQueue> txQueues) {
        public Section {
            pfcNoDrop = sorted(pfcNoDrop);
            txQueues = sorted(txQueues);
        }
    }

    /**
     * A unicast transmit queue ({@code tx-queue N} or {@code uc-tx-queue N}): {@code strict} for
     * {@code priority strict}, false for {@code no priority}, null when the section does not say;
     * its ECN marking when {@code random-detect ecn minimum-threshold ...} is set.
     */
    public record TxQueue(int queue, Boolean strict, Ecn ecn) {}

    /**
     * {@code random-detect ecn minimum-threshold 150 kbytes maximum-threshold 1500 kbytes max-mark-probability 5}:
     * the thresholds as written and in bytes (null for segments or time units, whose size the
     * config does not give; kbytes and mbytes taken as binary units), the probability in percent
     * (null when not written).
     */
    public record Ecn(
            String minimum, String maximum, Long minimumBytes, Long maximumBytes, Integer maxMarkProbability) {}

    /**
     * What applies to an interface: its own lines over those of its {@code service-profile}
     * (per setting, per priority, per queue); null when the configuration has no such interface.
     */
    public Section settingsOf(String name) {
        Section own = interfaces.get(name);
        Section profile = own == null || own.serviceProfile() == null ? null : qosProfiles.get(own.serviceProfile());
        if (profile == null) {
            return own;
        }
        Map<Integer, Boolean> noDrop = new TreeMap<>(profile.pfcNoDrop());
        noDrop.putAll(own.pfcNoDrop());
        Map<Integer, TxQueue> queues = new TreeMap<>(profile.txQueues());
        own.txQueues()
                .forEach((q, mine) -> queues.merge(
                        q,
                        mine,
                        (theirs, ours) -> new TxQueue(
                                q,
                                ours.strict() != null ? ours.strict() : theirs.strict(),
                                ours.ecn() != null ? ours.ecn() : theirs.ecn())));
        return new Section(
                own.serviceProfile(),
                own.routed(),
                either(own.mtu(), profile.mtu()),
                either(own.trust(), profile.trust()),
                either(own.pfcOn(), profile.pfcOn()),
                noDrop,
                either(own.watchdog(), profile.watchdog()),
                queues);
    }

    private static <T> T either(T own, T profile) {
        return own != null ? own : profile;
    }

    private static <K, V> Map<K, V> sorted(Map<K, V> map) {
        return Collections.unmodifiableMap(new TreeMap<>(map));
    }
}
