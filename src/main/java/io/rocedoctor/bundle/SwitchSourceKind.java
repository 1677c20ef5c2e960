package io.rocedoctor.bundle;

import java.util.List;
import java.util.Optional;

/**
 * The registry of what a switch dump may hold ({@code switches/<name>/} in a bundle): SONiC show
 * commands and its {@code config_db.json}, NVIDIA Cumulus NVUE {@code nv show} commands, Arista EOS
 * {@code show running-config} and eAPI JSON counters ({@code | json}). Like
 * {@link SourceKind}, a kind knows its command (or file) templates, the first being the spelling
 * the collector runs; {@code {if}} names a switch port ({@code Ethernet8}, {@code swp16}).
 * Listed most specific first: the first kind whose template matches wins.
 */
public enum SwitchSourceKind {
    SONIC_CONFIG_DB(SwitchPlatform.SONIC, SourceKind.Origin.FILE, false, "/etc/sonic/config_db.json"),
    SONIC_PFC_COUNTERS(SwitchPlatform.SONIC, SourceKind.Origin.COMMAND, true, "show pfc counters", "pfcstat", "pfcstat -s all"),
    SONIC_PFC_PRIORITY(SwitchPlatform.SONIC, SourceKind.Origin.COMMAND, false, "show pfc priority"),
    SONIC_PFC_ASYMMETRIC(SwitchPlatform.SONIC, SourceKind.Origin.COMMAND, false, "show pfc asymmetric"),
    SONIC_QUEUE_COUNTERS(SwitchPlatform.SONIC, SourceKind.Origin.COMMAND, true, "show queue counters", "queuestat"),
    SONIC_QUEUE_WRED_COUNTERS(SwitchPlatform.SONIC, SourceKind.Origin.COMMAND, true, "show queue wredcounters"),
    SONIC_QUEUE_WATERMARK_UNICAST(SwitchPlatform.SONIC, SourceKind.Origin.COMMAND, true, "show queue watermark unicast"),
    SONIC_PG_WATERMARK_SHARED(SwitchPlatform.SONIC, SourceKind.Origin.COMMAND, true, "show priority-group watermark shared"),
    SONIC_PG_WATERMARK_HEADROOM(SwitchPlatform.SONIC, SourceKind.Origin.COMMAND, true, "show priority-group watermark headroom"),
    SONIC_PG_DROP_COUNTERS(SwitchPlatform.SONIC, SourceKind.Origin.COMMAND, true, "show priority-group drop counters"),
    SONIC_PFCWD_STATS(SwitchPlatform.SONIC, SourceKind.Origin.COMMAND, true, "show pfcwd stats"),
    SONIC_PFCWD_CONFIG(SwitchPlatform.SONIC, SourceKind.Origin.COMMAND, false, "show pfcwd config"),
    SONIC_MMU(SwitchPlatform.SONIC, SourceKind.Origin.COMMAND, false, "mmuconfig -l", "show mmu", "show buffer configuration"),
    SONIC_BUFFER_INFORMATION(SwitchPlatform.SONIC, SourceKind.Origin.COMMAND, false, "show buffer information"),
    SONIC_ECN(SwitchPlatform.SONIC, SourceKind.Origin.COMMAND, false, "show ecn", "ecnconfig -l"),

    NVUE_ROCE_POOL(SwitchPlatform.CUMULUS_NVUE, SourceKind.Origin.COMMAND, false, "nv show qos roce pool"),
    NVUE_ROCE(SwitchPlatform.CUMULUS_NVUE, SourceKind.Origin.COMMAND, false, "nv show qos roce"),
    NVUE_SYSTEM_FORWARDING(SwitchPlatform.CUMULUS_NVUE, SourceKind.Origin.COMMAND, false, "nv show system forwarding"),
    NVUE_BUFFER(SwitchPlatform.CUMULUS_NVUE, SourceKind.Origin.COMMAND, true, "nv show qos buffer"),
    NVUE_PFC_GLOBAL(SwitchPlatform.CUMULUS_NVUE, SourceKind.Origin.COMMAND, false, "nv show qos pfc default-global"),
    NVUE_PFC_WATCHDOG_GLOBAL(SwitchPlatform.CUMULUS_NVUE, SourceKind.Origin.COMMAND, false, "nv show qos pfc-watchdog"),
    NVUE_CONGESTION_CONTROL_GLOBAL(SwitchPlatform.CUMULUS_NVUE, SourceKind.Origin.COMMAND, false,
            "nv show qos congestion-control default-global", "nv show qos congestion-control default-global traffic-class"),
    NVUE_EGRESS_QUEUE_MAPPING_GLOBAL(SwitchPlatform.CUMULUS_NVUE, SourceKind.Origin.COMMAND, false,
            "nv show qos egress-queue-mapping default-global"),
    NVUE_INTERFACE_PFC_WATCHDOG(SwitchPlatform.CUMULUS_NVUE, SourceKind.Origin.COMMAND, false, "nv show interface {if} qos pfc-watchdog"),
    NVUE_INTERFACE_PFC(SwitchPlatform.CUMULUS_NVUE, SourceKind.Origin.COMMAND, false, "nv show interface {if} qos pfc"),
    NVUE_INTERFACE_MAPPING(SwitchPlatform.CUMULUS_NVUE, SourceKind.Origin.COMMAND, false, "nv show interface {if} qos mapping"),
    NVUE_INTERFACE_CONGESTION_CONTROL(SwitchPlatform.CUMULUS_NVUE, SourceKind.Origin.COMMAND, false,
            "nv show interface {if} qos congestion-control"),
    NVUE_INTERFACE_BUFFER_INGRESS_PG(SwitchPlatform.CUMULUS_NVUE, SourceKind.Origin.COMMAND, true,
            "nv show interface {if} qos buffer ingress-priority-group"),
    NVUE_INTERFACE_BUFFER_EGRESS_TC(SwitchPlatform.CUMULUS_NVUE, SourceKind.Origin.COMMAND, true,
            "nv show interface {if} qos buffer egress-traffic-class"),
    NVUE_INTERFACE_COUNTERS_QOS_PORT_STATS(SwitchPlatform.CUMULUS_NVUE, SourceKind.Origin.COMMAND, true,
            "nv show interface {if} counters qos port-stats"),
    NVUE_INTERFACE_COUNTERS_QOS(SwitchPlatform.CUMULUS_NVUE, SourceKind.Origin.COMMAND, true, "nv show interface {if} counters qos"),
    NVUE_INTERFACE_ROCE_STATUS(SwitchPlatform.CUMULUS_NVUE, SourceKind.Origin.COMMAND, false, "nv show interface {if} qos roce status"),
    NVUE_INTERFACE_ROCE_COUNTERS(SwitchPlatform.CUMULUS_NVUE, SourceKind.Origin.COMMAND, true, "nv show interface {if} qos roce counters"),
    NVUE_INTERFACE_LINK(SwitchPlatform.CUMULUS_NVUE, SourceKind.Origin.COMMAND, false, "nv show interface {if} link"),

    EOS_RUNNING_CONFIG(SwitchPlatform.ARISTA_EOS, SourceKind.Origin.COMMAND, false, "show running-config", "show running-config all"),
    EOS_QUEUE_COUNTERS(SwitchPlatform.ARISTA_EOS, SourceKind.Origin.COMMAND, true, "show interfaces counters queue detail | json");

    private final SwitchPlatform platform;
    private final SourceKind.Origin origin;
    private final boolean counter;
    private final List<String> templates;
    private final List<SourceTemplate> spellings;

    SwitchSourceKind(SwitchPlatform platform, SourceKind.Origin origin, boolean counter, String... templates) {
        this.platform = platform;
        this.origin = origin;
        this.counter = counter;
        this.templates = List.of(templates);
        this.spellings = this.templates.stream().map(t -> new SourceTemplate(t, origin == SourceKind.Origin.COMMAND)).toList();
    }

    public SwitchPlatform platform() {
        return platform;
    }

    public SourceKind.Origin origin() {
        return origin;
    }

    /** Counter sources are captured once per sample; the others once. */
    public boolean counter() {
        return counter;
    }

    public List<String> templates() {
        return templates;
    }

    /** The parameter names of the collector's spelling, in order. */
    public List<String> parameters() {
        return spellings.get(0).parameters();
    }

    /** The command line or absolute path for these arguments, in the collector's spelling. */
    public String render(List<String> args) {
        return spellings.get(0).render(args);
    }

    /** The arguments, when {@code text} is one of this kind's spellings (mangled: as a file name under {@code commands/}). */
    public Optional<List<String>> match(String text, boolean mangled) {
        return SourceTemplate.matchAny(spellings, text, mangled);
    }

    /** The kind and arguments of a command line, path or file name; the first matching kind wins. */
    public static Optional<SwitchSource> recognise(String text, boolean mangled, SourceKind.Origin origin) {
        for (SwitchSourceKind kind : values()) {
            if (kind.origin != origin) {
                continue;
            }
            Optional<List<String>> args = kind.match(text, mangled);
            if (args.isPresent()) {
                return Optional.of(new SwitchSource(kind, args.get()));
            }
        }
        return Optional.empty();
    }
}
