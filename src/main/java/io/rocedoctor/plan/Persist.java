package io.rocedoctor.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How an action's host changes survive a reboot: the structured {@code persist:} of a catalog
 * entry, and, {@link #resolve resolved} with a proposal's values, of a plan step. {@code persist/}
 * is written from it (docs/planner.md, "persist/"):
 * <ul>
 * <li>{@code sysctl}: a line {@code KEY = VALUE} in a sysctl.d file; {@code key} names the sysctl-key parameter.</li>
 * <li>{@code boot}: the boot script repeats the step's writes, run by a oneshot unit once {@code device} (a
 *     netdev parameter) or {@code ibdev} (an RDMA device parameter) appears, or at boot for host-wide settings.</li>
 * <li>{@code nmcli}: {@code nmcli connection modify CONN PROPERTY VALUE} where NetworkManager manages
 *     {@code device}, decided when persist.sh installs; elsewhere the boot script, or, when {@code why} is
 *     given, instructions only ({@code value} is the property's value, {@code {value}} standing for the step's).</li>
 * <li>{@code none}: nothing to install; {@code why} says why and what a person does instead.</li>
 * </ul>
 * In a catalog entry {@code key}, {@code device} and {@code ibdev} name parameters; resolved, they hold
 * the parameters' validated values. Nothing else of a bundle reaches a persist/ file.
 */
public record Persist(String how, String key, String device, String ibdev, String property, String value, String why) {
    public static final List<String> KINDS = List.of("sysctl", "boot", "nmcli", "none");
    private static final Pattern PROPERTY = Pattern.compile("\\+?[a-z0-9-]+\\.[a-z0-9-]+");

    /** What is wrong with this entry's persist: for an action with the given parameters. */
    List<String> problems(Map<String, String> parameters) {
        List<String> out = new ArrayList<>();
        if (!KINDS.contains(how)) {
            out.add("persist: how " + how + " is not one of " + KINDS);
            return out;
        }
        checkParameter("key", key, Set.of(ParameterType.SYSCTL_KEY.label()), parameters, out);
        checkParameter("device", device, Set.of(ParameterType.INTERFACE.label()), parameters, out);
        checkParameter("ibdev", ibdev, Set.of(ParameterType.IBDEV.label()), parameters, out);
        boolean needsKey = how.equals("sysctl");
        boolean needsProperty = how.equals("nmcli");
        if (needsKey != (key != null)) {
            out.add("persist: key (the sysctl-key parameter) is for how: sysctl, and needed there");
        }
        if (needsProperty != (property != null)
                || (property != null && !PROPERTY.matcher(property).matches())) {
            out.add("persist: property (an nmcli setting.property) is for how: nmcli, and needed there");
        }
        if (needsProperty && device == null) {
            out.add("persist: how: nmcli needs the device NetworkManager may manage");
        }
        if (device != null && ibdev != null) {
            out.add("persist: a unit waits for one device: device or ibdev");
        }
        if (value != null && (!needsProperty || !value.contains("{value}") || !value.matches("[A-Za-z0-9_.=+,{}-]+"))) {
            out.add("persist: value is an nmcli value holding {value}, of [A-Za-z0-9_.=+,-]");
        }
        if (how.equals("none") && (why == null || why.isBlank())) {
            out.add("persist: how: none needs why (what a person does instead)");
        }
        if (why != null && !why.matches("[ -~]{1,400}")) {
            out.add("persist: why is one line of printable ASCII");
        }
        return out;
    }

    private static void checkParameter(
            String field, String name, Set<String> types, Map<String, String> parameters, List<String> out) {
        if (name != null && !types.contains(parameters.get(name))) {
            out.add("persist: " + field + " must name a parameter of type " + String.join(" or ", types) + ": " + name);
        }
    }

    /** This entry with its parameter names replaced by the proposal's (validated) values. */
    Persist resolve(Map<String, String> params) {
        return new Persist(
                how,
                key == null ? null : params.get(key),
                device == null ? null : params.get(device),
                ibdev == null ? null : params.get(ibdev),
                property,
                value,
                why);
    }

    /** The nmcli property without the {@code +} that merges into a multi-value property (bond.options). */
    String propertyName() {
        return property.startsWith("+") ? property.substring(1) : property;
    }

    /** The nmcli value for a step's target. */
    String nmcliValue(String target) {
        return value == null ? target : value.replace("{value}", target);
    }

    /** The oneshot unit instance that runs this step's writes at boot: the device it waits for, or the host-wide unit. */
    String bootDevice() {
        return device != null ? device : ibdev;
    }

    /** What a person reads in plan.yaml and the reports: derived from the structure, naming what persist.sh installs. */
    String describe(List<Plan.Change> changes) {
        String target = changes.isEmpty() ? "" : changes.get(0).target();
        String boot = bootDevice() == null
                ? "the boot unit roce-doctor-persist.service repeats this step's writes at boot"
                : "the unit roce-doctor-persist@" + PersistFiles.instance(bootDevice())
                        + ".service repeats this step's writes when " + bootDevice() + " appears";
        return switch (how) {
            case "sysctl" ->
                "/etc/sysctl.d/" + PersistFiles.SYSCTL_FILE + ": " + key + " = " + target
                        + " (persist/persist.sh --execute installs it)";
            case "boot" -> boot + " (persist/persist.sh --execute installs it)";
            case "nmcli" ->
                "where NetworkManager manages " + device
                        + ": conn=$(nmcli -g GENERAL.CONNECTION device show " + device
                        + "); nmcli connection modify \"$conn\" "
                        + property + " " + nmcliValue(target) + "; elsewhere " + (why != null ? why : boot)
                        + " (persist/persist.sh --execute decides and installs)";
            default -> "nothing is installed: " + why;
        };
    }
}
