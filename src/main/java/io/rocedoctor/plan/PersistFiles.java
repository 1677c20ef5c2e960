package io.rocedoctor.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The plan's {@code persist/} folder: what makes its host changes survive a reboot, in the form
 * the host uses (docs/planner.md, "persist/"), and {@code persist.sh}, which installs it (dry run
 * unless {@code --execute}) or removes it ({@code --remove}). Every value in these files passed
 * its {@link ParameterType}: sysctl keys, device names and integers; comments go through
 * {@link GeneratedText#comment}.
 * <ul>
 * <li>sysctl.d(5): {@code /etc/sysctl.d/90-roce-doctor.conf}, {@code key = value} lines.</li>
 * <li>A boot script repeating the steps' writes with the same validated writers as apply.sh, run
 *     by {@code roce-doctor-persist@DEVICE.service}, a oneshot unit that a udev rule pulls in when
 *     the device appears ({@code TAG+="systemd", ENV{SYSTEMD_WANTS}+=}, systemd.device(5)), and by
 *     {@code roce-doctor-persist.service} (multi-user.target) for host-wide settings.</li>
 * <li>nmcli: {@code nmcli connection modify} of the device's connection, found when installing
 *     ({@code nmcli -g GENERAL.CONNECTION device show IF}); its prior value is kept for --remove.
 *     A device no connection manages takes the boot script instead.</li>
 * </ul>
 */
final class PersistFiles {
    static final String SYSCTL_FILE = "90-roce-doctor.conf";
    private static final String BOOT_SCRIPT = "/usr/local/libexec/roce-doctor/boot.sh";
    /** The device a host-wide setting waits for: none; no interface name starts with '-'. */
    private static final String HOST_WIDE = "--host";
    /** A boot write whose item (an IRQ) is found by name at boot: its number may have changed. */
    private static final String LOCATED = "located";
    /** Tags the setting line after it in the sysctl.d file with its step; persist.sh installs the applied steps' lines. */
    private static final String STEP_TAG = "# step ";

    private PersistFiles() {}

    /** One setting the boot script writes: on {@code device} (or host-wide), unless NetworkManager took it ({@code nmcli}). */
    private record BootWrite(String device, String kind, String key, String target) {}

    /** The files of persist/, by path under the plan folder; empty when no step changes the host. */
    static Map<String, String> render(Plan plan, String planId) {
        List<String> sysctl = new ArrayList<>();
        StringBuilder kept = new StringBuilder();
        List<BootWrite> boot = new ArrayList<>();
        StringBuilder bootFunctions = new StringBuilder();
        StringBuilder actions = new StringBuilder();
        StringBuilder removals = new StringBuilder();
        for (Plan.Step step : plan.steps()) {
            Persist p = step.persistence();
            if (p == null || step.changes().isEmpty()) {
                continue;
            }
            ShellScripts.say(actions, "step " + step.step() + ": " + step.summary());
            kept.append("keep ").append(step.step());
            for (int i = 0; i < step.changes().size(); i++) {
                kept.append(' ').append(ShellScripts.key(step, i));
            }
            kept.append('\n');
            actions.append("    if kept ").append(step.step()).append("; then\n");
            boolean toBoot = p.how().equals("boot") || (p.how().equals("nmcli") && p.why() == null);
            for (int i = 0; i < step.changes().size(); i++) {
                Plan.Change c = step.changes().get(i);
                switch (p.how()) {
                    case "sysctl" -> sysctl.add(STEP_TAG + step.step() + "\n" + p.key() + " = " + c.target());
                    case "nmcli" -> {
                        command(
                                actions,
                                "nm_persist",
                                p.device(),
                                p.property(),
                                p.nmcliValue(c.target()),
                                p.why() == null ? "the boot unit sets it" : "MANUAL: " + p.why());
                        command(removals, "nm_restore", p.device(), p.propertyName());
                    }
                    case "none" -> ShellScripts.say(actions, "  nothing to install: " + p.why());
                    default -> {}
                }
                if (toBoot && c.numbered() && c.located() == null) {
                    // Its number may belong to another device after a reboot: not written blindly there.
                    ShellScripts.say(
                            actions,
                            "  not kept at boot: " + c.name() + " (the bundle does not name what it"
                                    + " belongs to, and its number may change at boot)");
                } else if (toBoot) {
                    boot.add(new BootWrite(
                            p.bootDevice() == null ? HOST_WIDE : p.bootDevice(),
                            c.located() != null ? LOCATED : p.how(),
                            ShellScripts.key(step, i),
                            c.target()));
                }
            }
            if (p.how().equals("sysctl")) {
                ShellScripts.say(actions, "  in /etc/sysctl.d/" + SYSCTL_FILE);
            }
            if (toBoot) {
                ShellScripts.functions(bootFunctions, step);
                ShellScripts.locatedFunctions(bootFunctions, step);
                ShellScripts.say(
                        actions,
                        "  in the boot script, run when "
                                + (p.bootDevice() == null ? "the host boots" : p.bootDevice() + " appears"));
            }
            actions.append("    else\n");
            ShellScripts.say(
                    actions,
                    "    not applied here (apply.sh --execute --step " + step.step()
                            + "), or rolled back since: not kept");
            actions.append("    fi\n");
        }
        Map<String, String> files = new LinkedHashMap<>();
        if (actions.isEmpty()) {
            return files;
        }
        StringBuilder install = new StringBuilder();
        StringBuilder remove = new StringBuilder();
        if (!sysctl.isEmpty()) {
            files.put(
                    "persist/sysctl.d/" + SYSCTL_FILE,
                    "# roce-doctor: the plan's sysctl settings" + forHost(plan)
                            + " (sysctl.d(5)); persist.sh installs those of the steps applied.\n"
                            + String.join("\n", sysctl) + "\n");
            command(install, "install_kept", "sysctl.d/" + SYSCTL_FILE, "/etc/sysctl.d/" + SYSCTL_FILE);
            command(remove, "remove_file", "/etc/sysctl.d/" + SYSCTL_FILE);
        }
        Set<String> devices = new LinkedHashSet<>();
        boot.forEach(b -> devices.add(b.device()));
        if (!boot.isEmpty()) {
            files.put("persist/roce-doctor-boot.sh", bootScript(plan, bootFunctions.toString(), boot));
            fileCommands(install, remove, "roce-doctor-boot.sh", BOOT_SCRIPT, "0755");
            files.put("persist/systemd/roce-doctor-persist@.service", deviceUnit());
            fileCommands(
                    install,
                    remove,
                    "systemd/roce-doctor-persist@.service",
                    "/etc/systemd/system/roce-doctor-persist@.service",
                    "0644");
            if (devices.contains(HOST_WIDE)) {
                files.put("persist/systemd/roce-doctor-persist.service", hostUnit());
                fileCommands(
                        install,
                        remove,
                        "systemd/roce-doctor-persist.service",
                        "/etc/systemd/system/roce-doctor-persist.service",
                        "0644");
            }
            if (devices.stream().anyMatch(d -> !d.equals(HOST_WIDE))) {
                files.put("persist/udev/90-roce-doctor.rules", udevRules(plan, boot));
                fileCommands(
                        install, remove, "udev/90-roce-doctor.rules", "/etc/udev/rules.d/90-roce-doctor.rules", "0644");
            }
        }
        files.put(
                "persist/persist.sh",
                persistScript(
                        plan,
                        planId,
                        kept,
                        actions,
                        removals,
                        install,
                        remove,
                        devices.contains(HOST_WIDE),
                        devices.stream().anyMatch(d -> !d.equals(HOST_WIDE))));
        return files;
    }

    private static String forHost(Plan plan) {
        return plan.host() == null ? "" : " for " + GeneratedText.comment(plan.host());
    }

    private static void command(StringBuilder s, String function, String... args) {
        s.append("    ").append(function);
        for (String a : args) {
            s.append(' ').append(Shell.quote(GeneratedText.line(a)));
        }
        s.append('\n');
    }

    private static void fileCommands(
            StringBuilder install, StringBuilder remove, String source, String target, String mode) {
        command(install, "install_file", source, target, mode);
        command(remove, "remove_file", target);
    }

    /**
     * A unit name's instance for a device name, as systemd-escape(1) writes it (systemd.unit(5),
     * "String Escaping for Inclusion in Unit Names"): ASCII letters, digits, ':', '_' and '.' (not
     * leading) stay, '/' becomes '-', anything else {@code \xNN}.
     */
    static String instance(String name) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean plain = (c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || c == ':'
                    || c == '_'
                    || (c == '.' && i > 0);
            if (c == '/') {
                out.append('-');
            } else if (plain) {
                out.append(c);
            } else {
                out.append(String.format(Locale.ROOT, "\\x%02x", (int) c));
            }
        }
        return out.toString();
    }

    private static String deviceUnit() {
        return """
                # roce-doctor: repeats the plan's settings of one device (the instance, systemd-escaped) once it
                # appears; the udev rule 90-roce-doctor.rules pulls it in (SYSTEMD_WANTS, systemd.device(5)).
                [Unit]
                Description=roce-doctor settings of %I
                After=sys-kernel-config.mount

                [Service]
                Type=oneshot
                RemainAfterExit=yes
                ExecStart=""" + BOOT_SCRIPT + " %I\n";
    }

    private static String hostUnit() {
        return """
                # roce-doctor: repeats the plan's host-wide settings (CPU governor, PCIe) at boot.
                [Unit]
                Description=roce-doctor host-wide settings
                After=sys-kernel-config.mount

                [Service]
                Type=oneshot
                RemainAfterExit=yes
                ExecStart=""" + BOOT_SCRIPT + " " + HOST_WIDE + """


                [Install]
                WantedBy=multi-user.target
                """;
    }

    private static String udevRules(Plan plan, List<BootWrite> boot) {
        StringBuilder s =
                new StringBuilder("# roce-doctor: starts roce-doctor-persist@DEVICE.service when a device of the plan"
                        + forHost(plan) + " appears (udev(7), systemd.device(5)).\n");
        Set<String> seen = new LinkedHashSet<>();
        for (BootWrite b : boot) {
            if (b.device().equals(HOST_WIDE) || !seen.add(b.device())) {
                continue;
            }
            // An interface name and an RDMA device name never collide in practice; one rule per subsystem covers both.
            for (String subsystem : List.of("net", "infiniband")) {
                s.append("ACTION==\"add\", SUBSYSTEM==\"")
                        .append(subsystem)
                        .append("\", KERNEL==\"")
                        .append(b.device())
                        .append("\", TAG+=\"systemd\", ENV{SYSTEMD_WANTS}+=\"roce-doctor-persist@")
                        .append(instance(b.device()))
                        .append(".service\"\n");
            }
        }
        return s.toString();
    }

    private static String bootScript(Plan plan, String functions, List<BootWrite> boot) {
        StringBuilder s = new StringBuilder("#!/usr/bin/env bash\n").append(ShellScripts.SHELLCHECK);
        s.append("# roce-doctor-boot.sh: repeats at boot the settings of the roce-doctor plan")
                .append(forHost(plan))
                .append(".\n");
        s.append(
                "# roce-doctor-boot.sh DEVICE sets those of one device (roce-doctor-persist@DEVICE.service), --host the\n");
        s.append("# host-wide ones. A setting NetworkManager keeps (persist.sh listed the device) is left to it.\n");
        s.append("set -Euo pipefail\n\n");
        s.append("SCRIPT=roce-doctor-boot.sh\n");
        s.append("ROOT=\"${ROCE_DOCTOR_ROOT:-}\"\n");
        s.append("# The helpers make configfs folders only when they change things, and this script does.\n");
        s.append("EXECUTE=1\n");
        s.append("DEVICE=\"${1:?usage: roce-doctor-boot.sh DEVICE | --host}\"\n");
        s.append("STATUS=0\n\n");
        s.append(ShellScripts.functionsScript()).append('\n');
        s.append(functions);
        s.append("""
                # at DEVICE KIND KEY TARGET: writes one setting of DEVICE; a failure is said and the others still run.
                at() {
                    if [ "$1" != "$DEVICE" ]; then return 0; fi
                    # Only the steps persist.sh kept (applied, not rolled back): $3 is sSTEP_N.
                    local step=${3%%_*}
                    if ! grep -qxF -- "${step#s}" "$ROOT/etc/roce-doctor/steps" 2>/dev/null; then return 0; fi
                    if [ "$2" = nmcli ] && grep -qxF -- "$1" "$ROOT/etc/roce-doctor/nm-devices" 2>/dev/null; then return 0; fi
                    if [ "$2" = located ]; then
                        # The item (an IRQ) by its name: a reboot or driver reload may have given it another number.
                        local item
                        if ! item=$("locate_$3"); then say "$1: $3: not found by name now, left alone" >&2; STATUS=1; return 0; fi
                        if ( "write_at_$3" "$4" "$item" ); then say "$1: set $3 ($item) to '$4'"; else say "$1: could not set $3 ($item) to '$4'" >&2; STATUS=1; fi
                        return 0
                    fi
                    if ( "write_$3" "$4" ); then say "$1: set $3 to '$4'"; else say "$1: could not set $3 to '$4'" >&2; STATUS=1; fi
                }

                """);
        for (BootWrite b : boot) {
            s.append("at ")
                    .append(Shell.quote(b.device()))
                    .append(' ')
                    .append(b.kind())
                    .append(' ')
                    .append(b.key())
                    .append(' ')
                    .append(Shell.quote(b.target()))
                    .append('\n');
        }
        s.append("exit \"$STATUS\"\n");
        return s.toString();
    }

    private static String persistScript(
            Plan plan,
            String planId,
            StringBuilder kept,
            StringBuilder actions,
            StringBuilder removals,
            StringBuilder install,
            StringBuilder remove,
            boolean hostUnit,
            boolean udev) {
        StringBuilder s = new StringBuilder();
        ShellScripts.header(
                s,
                "persist.sh",
                plan,
                null,
                "Installs what makes the plan's host changes survive a reboot (files under /etc, a boot script, nmcli\n"
                        + "# settings), once the plan is applied and measured: only the steps apply.sh --execute applied (its\n"
                        + "# state folder) and rollback.sh has not undone. Dry run unless --execute: lists each file and where it\n"
                        + "# goes. --remove undoes an install (with --execute). --force-host: see apply.sh.");
        s.append("PLAN=").append(Shell.quote(planId)).append('\n');
        s.append("""
                REMOVE=0
                HERE="$(cd "$(dirname "$0")" && pwd)"
                KEPT="$ROOT/etc/roce-doctor"
                usage() { say "usage: persist.sh [--execute] [--remove] [--force-host]"; }
                while [ $# -gt 0 ]; do
                    case "$1" in
                        --execute) EXECUTE=1 ;;
                        --remove) REMOVE=1 ;;
                        --force-host) FORCE_HOST=1 ;;
                        -h|--help) usage; exit 0 ;;
                        *) say "persist.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
                    esac
                    shift
                done
                check_host
                trap 'say "persist.sh: stopped at the first failure" >&2' ERR

                # The steps to keep: those whose every change apply.sh --execute recorded in the state folder (the
                # plan's state/, or ROCE_DOCTOR_STATE) and rollback.sh has not undone since.
                STATE="${ROCE_DOCTOR_STATE:-$(dirname "$HERE")/state}"
                RECORDED=" "
                if [ -f "$STATE/plan" ] && [ "$(cat "$STATE/plan")" = "$PLAN" ]; then
                    for record in "$STATE"/*.key; do if [ -f "$record" ]; then RECORDED="$RECORDED$(cat "$record") "; fi; done
                fi
                KEEP=()
                keep() {
                    local step=$1 key
                    shift
                    for key in "$@"; do case "$RECORDED" in *" $key "*) ;; *) return 0 ;; esac; done
                    KEEP+=("$step")
                }
                kept() { case " ${KEEP[*]-} " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
                # install_kept SOURCE TARGET: the sysctl.d file with the lines of the kept steps only ("# step N" tags them).
                install_kept() {
                    local lines
                    lines=$(awk -v keep=" ${KEEP[*]-} " '/^# step [0-9]+$/ {tag = $3; next} tag == "" || index(keep, " " tag " ") {print} {tag = ""}' "$HERE/$1")
                    if [ "$EXECUTE" = 0 ]; then say "would install persist/$1 as $ROOT$2 (the applied steps' lines)"; return 0; fi
                    mkdir -p "$(dirname "$ROOT$2")"
                    printf '%s\\n' "$lines" > "$ROOT$2"
                    chmod 0644 "$ROOT$2"
                    say "installed $ROOT$2"
                }

                # run COMMAND...: a command outside the files (systemctl, udevadm, nmcli); said, not run, in a dry run.
                run() {
                    if [ "$EXECUTE" = 0 ]; then say "  would run: $*"; return 0; fi
                    if ! command -v "$1" > /dev/null 2>&1; then say "  $1 is not installed here: not run: $*"; return 0; fi
                    "$@"
                }
                install_file() {
                    if [ "$EXECUTE" = 0 ]; then say "would install persist/$1 as $ROOT$2"; return 0; fi
                    mkdir -p "$(dirname "$ROOT$2")"
                    cp -- "$HERE/$1" "$ROOT$2"
                    chmod "$3" "$ROOT$2"
                    say "installed $ROOT$2"
                }
                remove_file() {
                    if [ ! -e "$ROOT$1" ]; then return 0; fi
                    if [ "$EXECUTE" = 0 ]; then say "would remove $ROOT$1"; return 0; fi
                    rm -f -- "$ROOT$1"
                    say "removed $ROOT$1"
                }
                # nm_persist DEVICE PROPERTY VALUE OTHERWISE: where NetworkManager manages DEVICE, sets PROPERTY of its
                # connection (the prior value kept under $KEPT/nmcli) and lists DEVICE for the boot script to leave alone.
                nm_persist() {
                    local conn="" kept="$KEPT/nmcli/$1.${2#+}"
                    if command -v nmcli > /dev/null 2>&1; then conn=$(nmcli -g GENERAL.CONNECTION device show "$1" 2>/dev/null) || conn=""; fi
                    if [ -z "$conn" ]; then say "  $1: no NetworkManager connection: $4"; return 0; fi
                    if [ "$EXECUTE" = 0 ]; then say "  would run: nmcli connection modify '$conn' $2 $3 (keeping the prior value in $kept)"; return 0; fi
                    mkdir -p "$KEPT/nmcli"
                    if [ ! -f "$kept" ]; then nmcli -g "${2#+}" connection show "$conn" > "$kept"; fi
                    nmcli connection modify "$conn" "$2" "$3"
                    grep -qxF -- "$1" "$KEPT/nm-devices" 2>/dev/null || printf '%s\\n' "$1" >> "$KEPT/nm-devices"
                    say "  $1: nmcli connection modify '$conn' $2 $3"
                }
                nm_restore() {
                    local conn="" kept="$KEPT/nmcli/$1.$2" prior
                    if [ ! -f "$kept" ]; then return 0; fi
                    prior=$(cat "$kept")
                    if command -v nmcli > /dev/null 2>&1; then conn=$(nmcli -g GENERAL.CONNECTION device show "$1" 2>/dev/null) || conn=""; fi
                    if [ -z "$conn" ]; then say "  $1: no NetworkManager connection now: restore $2 to '$prior' by hand"; return 0; fi
                    if [ "$EXECUTE" = 0 ]; then say "  would run: nmcli connection modify '$conn' $2 '$prior'"; return 0; fi
                    nmcli connection modify "$conn" "$2" "$prior"
                    rm -f -- "$kept"
                    say "  $1: $2 restored to '$prior'"
                }

                if [ "$REMOVE" = 0 ]; then
                """);
        s.append(kept.toString().indent(4));
        s.append("""
                    if [ "${#KEEP[@]}" = 0 ]; then
                        say "no step of this plan is applied here (state: $STATE): run apply.sh --execute first; nothing would be kept"
                        if [ "$EXECUTE" = 1 ]; then exit 0; fi
                    fi
                    if [ "$EXECUTE" = 1 ]; then
                        mkdir -p "$KEPT"
                        printf '%s\\n' "${KEEP[@]}" > "$KEPT/steps"
                    fi
                """);
        s.append(install);
        s.append(actions);
        s.append("    run systemctl daemon-reload\n");
        if (hostUnit) {
            s.append("    run systemctl enable roce-doctor-persist.service\n");
        }
        if (udev) {
            s.append("    run udevadm control --reload\n");
        }
        s.append("""
                    if [ "$EXECUTE" = 0 ]; then say "dry run: nothing was installed. Add --execute to install."; fi
                else
                """);
        s.append(removals);
        if (hostUnit) {
            s.append("    run systemctl disable roce-doctor-persist.service\n");
        }
        s.append(remove);
        s.append(
                "    if [ \"$EXECUTE\" = 1 ]; then rm -f -- \"$KEPT/nm-devices\" \"$KEPT/steps\"; rmdir \"$KEPT/nmcli\" \"$KEPT\" 2>/dev/null || true; fi\n");
        s.append("    run systemctl daemon-reload\n");
        if (udev) {
            s.append("    run udevadm control --reload\n");
        }
        s.append("""
                    if [ "$EXECUTE" = 0 ]; then say "dry run: nothing was removed. Add --execute to remove."; fi
                fi
                """);
        return s.toString();
    }
}
