package io.rocedoctor.bundle;

import static io.rocedoctor.bundle.KindSpec.parsedBy;
import static io.rocedoctor.bundle.KindSpec.recognisedOnly;

import io.rocedoctor.parse.sw.EosQueueDrops;
import io.rocedoctor.parse.sw.EosQueueDropsParser;
import io.rocedoctor.parse.sw.EosRunningConfig;
import io.rocedoctor.parse.sw.EosRunningConfigParser;
import io.rocedoctor.parse.sw.NvueBufferUsage;
import io.rocedoctor.parse.sw.NvueBufferUsageParser;
import io.rocedoctor.parse.sw.NvueCongestionControl;
import io.rocedoctor.parse.sw.NvueCongestionControlParser;
import io.rocedoctor.parse.sw.NvueEgressQueueMapping;
import io.rocedoctor.parse.sw.NvueEgressQueueMappingParser;
import io.rocedoctor.parse.sw.NvueForwarding;
import io.rocedoctor.parse.sw.NvueForwardingParser;
import io.rocedoctor.parse.sw.NvueLink;
import io.rocedoctor.parse.sw.NvueLinkParser;
import io.rocedoctor.parse.sw.NvuePfc;
import io.rocedoctor.parse.sw.NvuePfcParser;
import io.rocedoctor.parse.sw.NvuePfcWatchdog;
import io.rocedoctor.parse.sw.NvuePfcWatchdogParser;
import io.rocedoctor.parse.sw.NvueQosCounters;
import io.rocedoctor.parse.sw.NvueQosCountersParser;
import io.rocedoctor.parse.sw.NvueQosMapping;
import io.rocedoctor.parse.sw.NvueQosMappingParser;
import io.rocedoctor.parse.sw.NvueRoce;
import io.rocedoctor.parse.sw.NvueRoceParser;
import io.rocedoctor.parse.sw.NvueRocePools;
import io.rocedoctor.parse.sw.NvueRocePoolsParser;
import io.rocedoctor.parse.sw.SonicBufferConfig;
import io.rocedoctor.parse.sw.SonicBufferConfigParser;
import io.rocedoctor.parse.sw.SonicConfig;
import io.rocedoctor.parse.sw.SonicConfigParser;
import io.rocedoctor.parse.sw.SonicEcnParser;
import io.rocedoctor.parse.sw.SonicEcnProfiles;
import io.rocedoctor.parse.sw.SonicPfcPriorities;
import io.rocedoctor.parse.sw.SonicPfcPrioritiesParser;
import io.rocedoctor.parse.sw.SonicPfcwdConfig;
import io.rocedoctor.parse.sw.SonicPfcwdConfigParser;
import io.rocedoctor.parse.sw.SonicPfcwdStats;
import io.rocedoctor.parse.sw.SonicPfcwdStatsParser;
import io.rocedoctor.parse.sw.SonicPortIndexedCounters;
import io.rocedoctor.parse.sw.SonicPortIndexedCountersParser;
import io.rocedoctor.parse.sw.SonicQueueCounters;
import io.rocedoctor.parse.sw.SonicQueueCountersParser;
import java.util.Optional;

/**
 * The registry of what a switch dump may hold ({@code switches/<name>/} in a bundle): SONiC show
 * commands and its {@code config_db.json}, NVIDIA Cumulus NVUE {@code nv show} commands, Arista EOS
 * {@code show running-config} and eAPI JSON counters ({@code | json}). Like
 * {@link SourceKind}, a kind knows its command (or file) templates, the first being the spelling
 * the collector runs, and its parser or why it is only recognised ({@link KindSpec});
 * {@code {if}} names a switch port ({@code Ethernet8}, {@code swp16}).
 * Listed most specific first: the first kind whose template matches wins.
 */
public enum SwitchSourceKind implements CaptureKind {
    SONIC_CONFIG_DB(
            SwitchPlatform.SONIC,
            SourceKind.Origin.FILE,
            false,
            parsedBy(SonicConfig.class, new SonicConfigParser()),
            "/etc/sonic/config_db.json"),
    SONIC_PFC_COUNTERS(
            SwitchPlatform.SONIC,
            SourceKind.Origin.COMMAND,
            true,
            recognisedOnly(
                    "PFC frames per priority are kept for the person reading the dump; the rules judge pauses from the host side and the watchdog"),
            "show pfc counters",
            "pfcstat",
            "pfcstat -s all"),
    SONIC_PFC_PRIORITY(
            SwitchPlatform.SONIC,
            SourceKind.Origin.COMMAND,
            false,
            parsedBy(SonicPfcPriorities.class, new SonicPfcPrioritiesParser()),
            "show pfc priority"),
    SONIC_PFC_ASYMMETRIC(
            SwitchPlatform.SONIC,
            SourceKind.Origin.COMMAND,
            false,
            recognisedOnly("asymmetric PFC is kept for the person reading the dump; no rule judges it"),
            "show pfc asymmetric"),
    SONIC_QUEUE_COUNTERS(
            SwitchPlatform.SONIC,
            SourceKind.Origin.COMMAND,
            true,
            parsedBy(SonicQueueCounters.class, new SonicQueueCountersParser()),
            "show queue counters",
            "queuestat"),
    SONIC_QUEUE_WRED_COUNTERS(
            SwitchPlatform.SONIC,
            SourceKind.Origin.COMMAND,
            true,
            recognisedOnly(
                    "WRED/ECN drops and marks per queue are kept for the person reading the dump; no rule judges them"),
            "show queue wredcounters"),
    SONIC_QUEUE_WATERMARK_UNICAST(
            SwitchPlatform.SONIC,
            SourceKind.Origin.COMMAND,
            true,
            recognisedOnly("queue watermarks are kept for the person reading the dump; no rule judges them"),
            "show queue watermark unicast"),
    SONIC_PG_WATERMARK_SHARED(
            SwitchPlatform.SONIC,
            SourceKind.Origin.COMMAND,
            true,
            recognisedOnly("priority-group watermarks are kept for the person reading the dump; no rule judges them"),
            "show priority-group watermark shared"),
    SONIC_PG_WATERMARK_HEADROOM(
            SwitchPlatform.SONIC,
            SourceKind.Origin.COMMAND,
            true,
            recognisedOnly(
                    "priority-group headroom watermarks are kept for the person reading the dump; no rule judges them"),
            "show priority-group watermark headroom"),
    SONIC_PG_DROP_COUNTERS(
            SwitchPlatform.SONIC,
            SourceKind.Origin.COMMAND,
            true,
            parsedBy(SonicPortIndexedCounters.class, SonicPortIndexedCountersParser.priorityGroups()),
            "show priority-group drop counters"),
    SONIC_PFCWD_STATS(
            SwitchPlatform.SONIC,
            SourceKind.Origin.COMMAND,
            true,
            parsedBy(SonicPfcwdStats.class, new SonicPfcwdStatsParser()),
            "show pfcwd stats"),
    SONIC_PFCWD_CONFIG(
            SwitchPlatform.SONIC,
            SourceKind.Origin.COMMAND,
            false,
            parsedBy(SonicPfcwdConfig.class, new SonicPfcwdConfigParser()),
            "show pfcwd config"),
    SONIC_MMU(
            SwitchPlatform.SONIC,
            SourceKind.Origin.COMMAND,
            false,
            parsedBy(SonicBufferConfig.class, new SonicBufferConfigParser()),
            "mmuconfig -l",
            "show mmu",
            "show buffer configuration"),
    SONIC_BUFFER_INFORMATION(
            SwitchPlatform.SONIC,
            SourceKind.Origin.COMMAND,
            false,
            recognisedOnly(
                    "the buffer pools and profiles are read from config_db.json and mmuconfig; this view is kept for the person reading the dump"),
            "show buffer information"),
    SONIC_ECN(
            SwitchPlatform.SONIC,
            SourceKind.Origin.COMMAND,
            false,
            parsedBy(SonicEcnProfiles.class, new SonicEcnParser()),
            "show ecn",
            "ecnconfig -l"),

    NVUE_ROCE_POOL(
            SwitchPlatform.CUMULUS_NVUE,
            SourceKind.Origin.COMMAND,
            false,
            parsedBy(NvueRocePools.class, new NvueRocePoolsParser()),
            "nv show qos roce pool"),
    NVUE_ROCE(
            SwitchPlatform.CUMULUS_NVUE,
            SourceKind.Origin.COMMAND,
            false,
            parsedBy(NvueRoce.class, new NvueRoceParser()),
            "nv show qos roce"),
    NVUE_SYSTEM_FORWARDING(
            SwitchPlatform.CUMULUS_NVUE,
            SourceKind.Origin.COMMAND,
            false,
            parsedBy(NvueForwarding.class, new NvueForwardingParser()),
            "nv show system forwarding"),
    NVUE_BUFFER(
            SwitchPlatform.CUMULUS_NVUE,
            SourceKind.Origin.COMMAND,
            true,
            recognisedOnly(
                    "the switch-wide buffer occupancy is kept for the person reading the dump; pools are judged from nv show qos roce pool"),
            "nv show qos buffer"),
    NVUE_PFC_GLOBAL(
            SwitchPlatform.CUMULUS_NVUE,
            SourceKind.Origin.COMMAND,
            false,
            parsedBy(NvuePfc.class, new NvuePfcParser()),
            "nv show qos pfc default-global"),
    NVUE_PFC_WATCHDOG_GLOBAL(
            SwitchPlatform.CUMULUS_NVUE,
            SourceKind.Origin.COMMAND,
            false,
            parsedBy(NvuePfcWatchdog.class, new NvuePfcWatchdogParser()),
            "nv show qos pfc-watchdog"),
    NVUE_CONGESTION_CONTROL_GLOBAL(
            SwitchPlatform.CUMULUS_NVUE,
            SourceKind.Origin.COMMAND,
            false,
            parsedBy(NvueCongestionControl.class, new NvueCongestionControlParser()),
            "nv show qos congestion-control default-global",
            "nv show qos congestion-control default-global traffic-class"),
    NVUE_EGRESS_QUEUE_MAPPING_GLOBAL(
            SwitchPlatform.CUMULUS_NVUE,
            SourceKind.Origin.COMMAND,
            false,
            parsedBy(NvueEgressQueueMapping.class, new NvueEgressQueueMappingParser()),
            "nv show qos egress-queue-mapping default-global"),
    NVUE_INTERFACE_PFC_WATCHDOG(
            SwitchPlatform.CUMULUS_NVUE,
            SourceKind.Origin.COMMAND,
            false,
            parsedBy(NvuePfcWatchdog.class, new NvuePfcWatchdogParser()),
            "nv show interface {if} qos pfc-watchdog"),
    NVUE_INTERFACE_PFC(
            SwitchPlatform.CUMULUS_NVUE,
            SourceKind.Origin.COMMAND,
            false,
            parsedBy(NvuePfc.class, new NvuePfcParser()),
            "nv show interface {if} qos pfc"),
    NVUE_INTERFACE_MAPPING(
            SwitchPlatform.CUMULUS_NVUE,
            SourceKind.Origin.COMMAND,
            false,
            parsedBy(NvueQosMapping.class, new NvueQosMappingParser()),
            "nv show interface {if} qos mapping"),
    NVUE_INTERFACE_CONGESTION_CONTROL(
            SwitchPlatform.CUMULUS_NVUE,
            SourceKind.Origin.COMMAND,
            false,
            parsedBy(NvueCongestionControl.class, new NvueCongestionControlParser()),
            "nv show interface {if} qos congestion-control"),
    NVUE_INTERFACE_BUFFER_INGRESS_PG(
            SwitchPlatform.CUMULUS_NVUE,
            SourceKind.Origin.COMMAND,
            true,
            parsedBy(NvueBufferUsage.class, new NvueBufferUsageParser()),
            "nv show interface {if} qos buffer ingress-priority-group"),
    NVUE_INTERFACE_BUFFER_EGRESS_TC(
            SwitchPlatform.CUMULUS_NVUE,
            SourceKind.Origin.COMMAND,
            true,
            recognisedOnly(
                    "egress buffer occupancy per traffic class is kept for the person reading the dump; no rule judges it"),
            "nv show interface {if} qos buffer egress-traffic-class"),
    NVUE_INTERFACE_COUNTERS_QOS_PORT_STATS(
            SwitchPlatform.CUMULUS_NVUE,
            SourceKind.Origin.COMMAND,
            true,
            recognisedOnly(
                    "the port's QoS statistics are kept for the person reading the dump; drops are read from nv show interface counters qos"),
            "nv show interface {if} counters qos port-stats"),
    NVUE_INTERFACE_COUNTERS_QOS(
            SwitchPlatform.CUMULUS_NVUE,
            SourceKind.Origin.COMMAND,
            true,
            parsedBy(NvueQosCounters.class, new NvueQosCountersParser()),
            "nv show interface {if} counters qos"),
    NVUE_INTERFACE_ROCE_STATUS(
            SwitchPlatform.CUMULUS_NVUE,
            SourceKind.Origin.COMMAND,
            false,
            recognisedOnly("the port's RoCE status repeats nv show qos roce, which the rules read"),
            "nv show interface {if} qos roce status"),
    NVUE_INTERFACE_ROCE_COUNTERS(
            SwitchPlatform.CUMULUS_NVUE,
            SourceKind.Origin.COMMAND,
            true,
            recognisedOnly("the port's RoCE counters are kept for the person reading the dump; no rule judges them"),
            "nv show interface {if} qos roce counters"),
    NVUE_INTERFACE_LINK(
            SwitchPlatform.CUMULUS_NVUE,
            SourceKind.Origin.COMMAND,
            false,
            parsedBy(NvueLink.class, new NvueLinkParser()),
            "nv show interface {if} link"),

    EOS_RUNNING_CONFIG(
            SwitchPlatform.ARISTA_EOS,
            SourceKind.Origin.COMMAND,
            false,
            parsedBy(EosRunningConfig.class, new EosRunningConfigParser()),
            "show running-config",
            "show running-config all"),
    EOS_QUEUE_COUNTERS(
            SwitchPlatform.ARISTA_EOS,
            SourceKind.Origin.COMMAND,
            true,
            parsedBy(EosQueueDrops.class, new EosQueueDropsParser()),
            "show interfaces counters queue detail | json");

    private final SwitchPlatform platform;
    private final KindSpec spec;

    SwitchSourceKind(
            SwitchPlatform platform,
            SourceKind.Origin origin,
            boolean counter,
            KindSpec.Reading<?> reading,
            String... templates) {
        this.platform = platform;
        this.spec = new KindSpec(origin, counter, reading, templates);
    }

    public SwitchPlatform platform() {
        return platform;
    }

    @Override
    public KindSpec spec() {
        return spec;
    }

    /** The kind and arguments of a command line, path or file name; the first matching kind wins. */
    public static Optional<SwitchSource> recognise(String text, boolean mangled, SourceKind.Origin origin) {
        return KindSpec.recognise(values(), text, mangled, origin, SwitchSource::new);
    }
}
