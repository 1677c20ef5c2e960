# Readers print a setting's live value in the form the plan compares; writers set it from "$2".
# File paths start with "$ROOT" (ROCE_DOCTOR_ROOT, empty on a real host).
say() { printf '%s\n' "$*"; }
fail() { printf '%s: %s\n' "$SCRIPT" "$*" >&2; exit 1; }

# The configured FEC encodings ("Auto RS", "Off"...), not the active one: rollback writes back what
# was configured (ethtool 6.x prints "Supported/Configured FEC encodings:", older "Configured FEC encodings:").
fec_read() { ethtool --show-fec "$1" | awk -F': *' '/Configured FEC encodings/ {print $2; exit}'; }
# ethtool takes each encoding of a list as a word of its own ("encoding auto rs"), hence the unquoted $2.
# shellcheck disable=SC2086
fec_write() { ethtool --set-fec "$1" encoding $2; }
ring_read() { ethtool -g "$1" | awk '/^Current hardware settings/ {f = 1} f && /^RX:/ {print $2; exit}'; }
# One link-level pause setting of ethtool -a (Autonegotiate, RX or TX): on or off.
pause_read() { ethtool -a "$1" | awk -v k="$2:" '$1 == k {print $2; f = 1; exit} END {exit !f}'; }
# Queues come as combined channels (mlx5, ice, bnxt_en) or as separate RX and TX ones (veth, some
# drivers): the reader prints the combined count where there is one, else the RX count; the writer sets
# what the driver's pre-set maximums offer.
channels_read() {
    ethtool -l "$1" | awk '/^Current hardware settings/ {f = 1} f && /^Combined:/ && $2 ~ /^[0-9]+$/ && $2 > 0 {c = $2} f && /^RX:/ {r = $2}
        END {if (c != "") print c; else if (r ~ /^[0-9]+$/) print r; else exit 1}'
}
channels_write() {
    if ethtool -l "$1" | awk '/^Pre-set maximums/ {f = 1} /^Current/ {f = 0} f && /^Combined:/ && $2 ~ /^[0-9]+$/ && $2 > 0 {c = 1} END {exit !c}'; then
        ethtool -L "$1" combined "$2"
    else
        ethtool -L "$1" rx "$2" tx "$2"
    fi
}
rxhash_read() {
    ethtool -n "$1" rx-flow-hash "${2:-udp4}" | awk '/IP SA/ {s = s "s"} /IP DA/ {s = s "d"}
        /L4 bytes 0 & 1/ {s = s "f"} /L4 bytes 2 & 3/ {s = s "n"} END {print s}'
}
# MaxReadReq is bits 14:12 of the PCIe Device Control register: 128 << code bytes. A slot (0000:3b:00)
# selects every function of the NIC: setpci reads one register per function and writes them all, the
# value:mask form changing those three bits only. The reader prints the sizes found, once each.
mrrs_read() {
    local v out
    out=$(setpci -s "$1" CAP_EXP+8.w | while read -r v; do echo $((128 << ((0x$v >> 12) & 7))); done | sort -un | paste -sd, -)
    if [ -z "$out" ]; then return 1; fi
    printf '%s\n' "$out"
}
mrrs_write() {
    local code=0 size=128
    while [ "$size" -lt "$2" ]; do size=$((size * 2)); code=$((code + 1)); done
    if [ "$size" -ne "$2" ] || [ "$code" -gt 5 ]; then fail "MaxReadReq $2 is not a power of two from 128 to 4096"; fi
    setpci -s "$1" CAP_EXP+8.w="$(printf '%04x' $((code << 12)))":7000
}
# irqbalance leaves alone the IRQs named with --banirq. Its systemd unit passes $IRQBALANCE_ARGS (from
# /etc/sysconfig/irqbalance or /etc/default/irqbalance, where it is usually unset): a runtime drop-in under
# /run sets it and irqbalance restarts with the bans; "none" removes the drop-in. The reader
# prints what the running irqbalance bans, from its command line (--banirq=N or -i N), "none" for nothing.
irqbalance_dropin() { printf '%s' "$ROOT/run/systemd/system/irqbalance.service.d/90-roce-doctor-banirq.conf"; }
irqbalance_bans_read() {
    local pid
    pid=$(systemctl show -p MainPID --value irqbalance) || return 1
    if [ -z "$pid" ] || [ "$pid" = 0 ]; then return 1; fi
    tr '\0' '\n' < "$ROOT/proc/$pid/cmdline" | awk '
        prev == "-i" || prev == "--banirq" {s = s (s == "" ? "" : ",") $0}
        /^--banirq=/ {sub(/^--banirq=/, ""); s = s (s == "" ? "" : ",") $0}
        {prev = $0} END {print (s == "" ? "none" : s)}'
}
irqbalance_bans_write() {
    local f i args=""
    f=$(irqbalance_dropin)
    if [ "$1" = none ]; then
        rm -f "$f"
    else
        for i in ${1//,/ }; do args="$args --banirq=$i"; done
        mkdir -p "${f%/*}"
        printf '[Service]\nEnvironment="IRQBALANCE_ARGS=%s"\n' "${args# }" > "$f"
    fi
    systemctl daemon-reload && systemctl restart irqbalance
}
# The rdma_cm and bnxt_re configfs folders of a device are handles made on demand: the values live in
# the driver and stay when the folder is removed (Broadcom's bnxt_setupcc.sh makes, writes and removes
# both). in_configfs DIR CMD... runs CMD with DIR present, making it only when the run changes things
# (a dry run cannot read a folder that is not there) and removing what it made.
in_configfs() {
    local dir=$1 made=0 rc=0
    shift
    if [ ! -d "$dir" ]; then
        if [ "$EXECUTE" != 1 ]; then return 1; fi
        mkdir "$dir"
        made=1
    fi
    "$@" || rc=$?
    if [ "$made" = 1 ]; then rmdir "$dir"; fi
    return "$rc"
}
rdma_cm_read() { in_configfs "$ROOT/sys/kernel/config/rdma_cm/$1" cat "$ROOT/sys/kernel/config/rdma_cm/$1/ports/$2/$3"; }
rdma_cm_set() { printf '%s\n' "$4" > "$ROOT/sys/kernel/config/rdma_cm/$1/ports/$2/$3"; }
rdma_cm_write() { in_configfs "$ROOT/sys/kernel/config/rdma_cm/$1" rdma_cm_set "$@"; }
# MLNX_OFED (not the upstream kernel) has a per-device ToS for every QP, RDMA-CM or not:
# /sys/class/infiniband/DEV/tc/PORT/traffic_class, read as "Global tclass=106" ("tclass=-1" or nothing: unset).
tclass_file() { printf '%s' "$ROOT/sys/class/infiniband/$1/tc/$2/traffic_class"; }
tclass_read() {
    awk '{ if (match($0, /tclass=-?[0-9]+/)) v = substr($0, RSTART + 7, RLENGTH - 7); else if ($0 ~ /^[0-9]+$/) v = $0 }
        END { print (v == "" ? -1 : v) }' "$(tclass_file "$1" "$2")"
}
tclass_set() { if [ "$3" = -1 ]; then echo tclass=-1; else echo "$3"; fi > "$(tclass_file "$1" "$2")"; }
# The ToS RoCE traffic of a port gets: rdma_cm's default (RDMA-CM QPs only) and, where MLNX_OFED has it,
# traffic_class. Printed as the rdma_cm value alone when traffic_class is absent or agrees, else as
# "TOS tclass=T", so that rollback restores both; a plain value sets both.
roce_tos_read() {
    local tos tc
    tos=$(rdma_cm_read "$1" "$2" default_roce_tos) || return 1
    if [ ! -f "$(tclass_file "$1" "$2")" ]; then printf '%s\n' "$tos"; return 0; fi
    tc=$(tclass_read "$1" "$2")
    if [ "$tc" = "$tos" ]; then printf '%s\n' "$tos"; else printf '%s tclass=%s\n' "$tos" "$tc"; fi
}
roce_tos_write() {
    local tos=${3%% *} tc=${3#* tclass=}
    rdma_cm_write "$1" "$2" default_roce_tos "$tos"
    if [ -f "$(tclass_file "$1" "$2")" ]; then tclass_set "$1" "$2" "$tc"; fi
}
# A VLAN's PCP for a socket priority: its egress-qos-map as ip -d link prints it
# ("egress-qos-map { 0:1 2:3 }", ip/iplink_vlan.c); a priority not listed gets PCP 0.
vlan_egress_read() {
    ip -d link show dev "$1" | awk -v p="$2" '{ for (i = 1; i < NF; i++) if ($i == "egress-qos-map" && $(i + 1) == "{")
        for (j = i + 2; j <= NF && $j != "}"; j++) { split($j, a, ":"); if (a[1] == p) v = a[2] } }
        END { print (v == "" ? 0 : v) }'
}
# bnxt_re's congestion control lives in ports/PORT/cc of its folder; a value written there takes effect
# when 0x1 goes to apply. The files print "%#x" (0x1, 0).
bnxt_cc_read() { in_configfs "$ROOT/sys/kernel/config/bnxt_re/$1" cat "$ROOT/sys/kernel/config/bnxt_re/$1/ports/$2/cc/$3"; }
bnxt_cc_set() {
    local cc="$ROOT/sys/kernel/config/bnxt_re/$1/ports/$2/cc"
    printf '%s' "$4" > "$cc/$3" && printf '0x1' > "$cc/apply"
}
bnxt_cc_write() { in_configfs "$ROOT/sys/kernel/config/bnxt_re/$1" bnxt_cc_set "$@"; }
# Host QoS through mlnx_qos (MLNX_OFED) where it is installed, else iproute2's dcb, which every
# DCBNL driver answers (mlx5_core, bnxt_en, ice). Both give the plan the list of priorities.
has_mlnx_qos() { command -v mlnx_qos >/dev/null 2>&1; }
# mlnx_qos prints a row of values per priority ("enabled 0 0 0 1 ...", "buffer 0 0 0 1 ..."): the non-zero ones.
mlnx_qos_prios() {
    mlnx_qos -i "$1" | awk -v row="$2" '/PFC configuration/ {f = 1} f && $1 == row {
        s = ""; for (i = 2; i <= NF; i++) if ($i != 0) s = s (s == "" ? "" : ",") (i - 2); print s; exit}'
}
# dcb prints a map as "key P:V P:V ..." ("prio-pfc 0:off 3:on", "prio-buffer 0:0 3:1"): the priorities not off or 0.
dcb_prios() {
    dcb "$1" show dev "$2" | awk -v key="$3" '$1 == key {
        s = ""; for (i = 2; i <= NF; i++) { split($i, a, ":"); if (a[2] != "off" && a[2] != "0") s = s (s == "" ? "" : ",") a[1] }
        print s; exit}'
}
prio_vector() {
    local v="" p
    for p in 0 1 2 3 4 5 6 7; do case ",$1," in *",$p,"*) v="$v,1" ;; *) v="$v,0" ;; esac; done
    printf '%s' "${v#,}"
}
# The priorities of list $1 as dcb's "P:V" mapping, $2 for those in it and $3 for the others.
dcb_mapping() {
    local m="" p
    for p in 0 1 2 3 4 5 6 7; do case ",$1," in *",$p,"*) m="$m $p:$2" ;; *) m="$m $p:$3" ;; esac; done
    printf '%s' "${m# }"
}
# Trust without mlnx_qos: DCBNL drivers classify by DSCP while the APP table holds DSCP entries (mlx5
# switches its trust state to dscp with the first and back to pcp with the last); dcb -N prints them as numbers.
trust_read() {
    if has_mlnx_qos; then mlnx_qos -i "$1" | awk -F': *' '/Priority trust state/ {print $2; exit}'
    else dcb -N app show dev "$1" dscp-prio | awk '$1 == "dscp-prio" && NF > 1 {d = 1} END {print d ? "dscp" : "pcp"}'; fi
}
# dscp: every DSCP to the priority of its class selector (DSCP >> 3, 26 -> 3), mlx5's default DSCP map.
trust_write() {
    local m="" d
    if has_mlnx_qos; then mlnx_qos -i "$1" --trust "$2"; return; fi
    if [ "$2" = pcp ]; then dcb app flush dev "$1" dscp-prio; return; fi
    for d in $(seq 0 63); do m="$m $d:$((d >> 3))"; done
    # dcb takes each DSCP:PRIO of the map as a word of its own.
    # shellcheck disable=SC2086
    dcb app add dev "$1" dscp-prio $m
}
pfc_read() { if has_mlnx_qos; then mlnx_qos_prios "$1" enabled; else dcb_prios pfc "$1" prio-pfc; fi; }
# dcb takes each P:V of the mapping as a word of its own, hence the unquoted $(...).
# shellcheck disable=SC2046
pfc_write() {
    if has_mlnx_qos; then mlnx_qos -i "$1" --pfc "$(prio_vector "$2")"
    else dcb pfc set dev "$1" prio-pfc $(dcb_mapping "$2" on off); fi
}
prio2buffer_read() { if has_mlnx_qos; then mlnx_qos_prios "$1" buffer; else dcb_prios buffer "$1" prio-buffer; fi; }
# shellcheck disable=SC2046
prio2buffer_write() {
    if has_mlnx_qos; then mlnx_qos -i "$1" --prio2buffer "$(prio_vector "$2")"
    else dcb buffer set dev "$1" prio-buffer $(dcb_mapping "$2" 1 0); fi
}
lag_mode_file() {
    local net
    for net in "$ROOT/sys/class/infiniband/$1/device/net/"*; do
        printf '%s' "$ROOT/sys/class/net/${net##*/}/compat/devlink/lag_port_select_mode"
        return 0
    done
    return 1
}
lag_mode_read() { local f; f=$(lag_mode_file "$1") && cat "$f"; }
lag_mode_write() { local f; f=$(lag_mode_file "$1") && printf '%s\n' "$2" > "$f"; }
# The kernel refuses a bond's mode while the bond is up or has slaves (bond_options.c: BOND_OPT_MODE is
# BOND_OPTFLAG_NOSLAVES | BOND_OPTFLAG_IFDOWN) and enslaves only a port that is down (bond_enslave).
# Where NetworkManager holds the bond, its profile takes the mode and NetworkManager rebuilds the bond;
# else: bond down, release the slaves, set the mode, enslave them again, bond up. The bond is brought
# up and every slave put back whatever failed on the way; the step then fails.
nm_connection() {
    command -v nmcli >/dev/null 2>&1 || return 1
    local c
    c=$(nmcli -g GENERAL.CONNECTION device show "$1" 2>/dev/null) || return 1
    [ -n "$c" ] && [ "$c" != "--" ] && printf '%s' "$c"
}
bond_mode_write() {
    local bond=$1 mode=$2 conn slaves s rc=0 options
    if conn=$(nm_connection "$bond"); then
        options=$(nmcli -g bond.options connection show "$conn" | sed -e 's/\(^\|,\)mode=[^,]*//' -e 's/^,//')
        nmcli connection modify "$conn" bond.options "mode=$mode${options:+,$options}" || rc=1
        nmcli connection up "$conn" || rc=1
        return "$rc"
    fi
    slaves=$(cat "$ROOT/sys/class/net/$bond/bonding/slaves")
    ip link set dev "$bond" down || rc=1
    for s in $slaves; do ip link set dev "$s" nomaster || rc=1; done
    ip link set dev "$bond" type bond mode "$mode" || rc=1
    for s in $slaves; do
        { ip link set dev "$s" down && ip link set dev "$s" master "$bond"; } || rc=1
    done
    ip link set dev "$bond" up || rc=1
    return "$rc"
}
# An IRQ's handler has a folder of its name under /proc/irq/N/ (kernel/irq/proc.c, register_handler_proc):
# irq_has_handler N NAME tells whether IRQ N is still NAME's; irq_by_handler NAME prints the IRQ that is NAME's now.
irq_has_handler() { [ -d "$ROOT/proc/irq/$1/$2" ]; }
irq_by_handler() {
    local d
    for d in "$ROOT"/proc/irq/[0-9]*/"$1"; do
        if [ -d "$d" ]; then d=${d%/*}; printf '%s\n' "${d##*/}"; return 0; fi
    done
    return 1
}
# Policy routing per source address (several RoCE ports in one subnet). ip -4 route show table T prints
# "PREFIX dev IF ..." (ip/iproute.c print_route); ip -4 rule show prints "PRIO:<tab>from ADDR lookup T"
# (ip/iprule.c print_rule). Each reader prints present or absent; each writer adds only what is absent
# and removes only on absent, so that a rollback to present leaves what was there before.
# A table nothing was put in yet does not exist: ip says so on stderr and fails, and that is absent.
policy_route_read() {
    { ip -4 route show table "$3" 2>/dev/null || true; } | awk -v p="$1" -v d="$2" '$1 == p { for (i = 2; i < NF; i++) if ($i == "dev" && $(i + 1) == d) f = 1 }
        END { print (f ? "present" : "absent") }'
}
policy_route_write() {
    if [ "$5" = present ]; then ip route replace "$1" dev "$2" src "$3" table "$4" scope link
    elif [ "$(policy_route_read "$1" "$2" "$4")" = present ]; then ip route del "$1" dev "$2" table "$4"; fi
}
policy_rule_read() {
    ip -4 rule show | awk -v a="$1" -v t="$2" '{ for (i = 1; i < NF; i++) if ($i == "from" && $(i + 1) == a)
        for (j = i + 2; j < NF; j++) if ($j == "lookup" && $(j + 1) == t) f = 1 } END { print (f ? "present" : "absent") }'
}
policy_rule_write() {
    local now
    now=$(policy_rule_read "$1" "$2")
    if [ "$3" = present ] && [ "$now" = absent ]; then ip rule add from "$1" lookup "$2"
    elif [ "$3" = absent ] && [ "$now" = present ]; then ip rule del from "$1" lookup "$2"; fi
}
