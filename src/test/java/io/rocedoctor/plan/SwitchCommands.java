package io.rocedoctor.plan;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What a switch snippet must look like, for the catalog tests and the tests over every plan: the
 * save step each platform ends with, the commands that change a switch-wide object, and the forms
 * issue 16 found invalid or unscoped (each replaced by a form from the vendor's documentation, cited
 * in the action's {@code reference:}).
 */
public final class SwitchCommands {
    /** The last lines of every apply and rollback, per platform: without them the change is lost at reload. */
    public static final Map<String, List<String>> SAVE = Map.of(
            "sonic", List.of("sudo config save -y"),
            "nvue", List.of("nv config apply -y", "nv config save"),
            "eos", List.of("write memory"));

    /** Forms that do not exist or that rewrite more than the step names. */
    public static final List<Pattern> INVALID = List.of(
            Pattern.compile("--headroom-size"), // no such option of config interface buffer
            Pattern.compile("priority-group lossless (add|set) \\S+ 3-4"), // PG range 3-4 turns PFC on for priority 4
            Pattern.compile("ingress-lossless-buffer"), // no such NVUE advance-buffer-config field
            Pattern.compile("nv set qos roce mode"), // rewrites the whole switch's QoS
            Pattern.compile("nv unset qos roce(\\s|$)"), // wipes the whole switch's QoS
            Pattern.compile("config interface pfc priority \\S+ \\d on"), // adds one priority, leaves the others on
            Pattern.compile(
                    "nv set qos pfc default-global switch-priority"), // adds to every port's PFC, removes nothing
            Pattern.compile(
                    "(min-threshold|max-threshold|probability)\\s.*\\s(min-threshold|max-threshold|probability)\\s"),
            Pattern.compile(
                    "nv set qos pfc-watchdog (polling-interval|robustness)"), // switch-wide timers in a one-port step
            Pattern.compile("priority-flow-control pause watchdog default")); // likewise on EOS

    /**
     * Map and profile names a snippet template must never spell out: the port's own come from its
     * dump as parameters (a plan may still show AZURE where the dump names it).
     */
    public static final Pattern HARD_CODED_NAME = Pattern.compile("AZURE|RDMA_LOSSLESS");

    private static final Pattern SONIC_GLOBAL = Pattern.compile(
            "DSCP_TO_TC_MAP|BUFFER_PROFILE|WRED_PROFILE|ecnconfig -p|switch-hash global|config qos reload|config buffer profile");

    private SwitchCommands() {}

    /** Whether a snippet line, its trailing comment aside, uses one of the {@link #INVALID} forms. */
    public static boolean invalid(String line) {
        int comment = line.indexOf("   #");
        String command = comment < 0 ? line : line.substring(0, comment);
        return INVALID.stream().anyMatch(p -> p.matcher(command).find());
    }

    /**
     * Whether a platform's apply lines change an object other ports share: NVUE {@code nv set qos} and
     * {@code nv set system} objects except a profile of the port's own ({@code roce-doctor-PORT}), SONiC
     * maps, profiles and hashes, EOS configuration lines outside an {@code interface} section.
     */
    public static boolean changesSharedObject(String platform, List<String> apply) {
        boolean inInterface = false;
        boolean configuring = false;
        for (String line : apply) {
            String l = line.strip();
            switch (platform) {
                case "nvue" -> {
                    if ((l.startsWith("nv set qos ") || l.startsWith("nv unset qos ") || l.startsWith("nv set system "))
                            && !l.matches("nv (un)?set qos \\S+ roce-doctor-\\S+( .*)?")) {
                        return true;
                    }
                }
                case "sonic" -> {
                    if (!l.startsWith("show ") && SONIC_GLOBAL.matcher(l).find()) {
                        return true;
                    }
                }
                case "eos" -> {
                    if (l.equals("configure")) {
                        configuring = true;
                    } else if (l.equals("end")) {
                        configuring = false;
                        inInterface = false;
                    } else if (l.startsWith("interface ")) {
                        inInterface = true;
                    } else if (configuring && !inInterface && !l.startsWith("!")) {
                        return true;
                    }
                }
                default -> throw new IllegalArgumentException(platform);
            }
        }
        return false;
    }
}
