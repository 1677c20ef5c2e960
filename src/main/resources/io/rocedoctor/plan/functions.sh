# Readers print a setting's live value in the form the plan compares; writers set it from "$2".
# File paths start with "$ROOT" (ROCE_DOCTOR_ROOT, empty on a real host).
say() { printf '%s\n' "$*"; }
fail() { printf '%s: %s\n' "$SCRIPT" "$*" >&2; exit 1; }

fec_read() { ethtool --show-fec "$1" | awk -F': *' '/Active FEC encoding/ {print $2; exit}'; }
ring_read() { ethtool -g "$1" | awk '/^Current hardware settings/ {f = 1} f && /^RX:/ {print $2; exit}'; }
channels_read() { ethtool -l "$1" | awk '/^Current hardware settings/ {f = 1} f && /^Combined:/ {print $2; exit}'; }
rxhash_read() {
    ethtool -n "$1" rx-flow-hash "${2:-udp4}" | awk '/IP SA/ {s = s "s"} /IP DA/ {s = s "d"}
        /L4 bytes 0 & 1/ {s = s "f"} /L4 bytes 2 & 3/ {s = s "n"} END {print s}'
}
# MaxReadReq is bits 14:12 of the PCIe Device Control register: 128 << code bytes.
mrrs_read() { local v; v=$(setpci -s "$1" CAP_EXP+8.w) && echo $((128 << ((0x$v >> 12) & 7))); }
mrrs_write() {
    local v code=0 size=128
    while [ "$size" -lt "$2" ]; do size=$((size * 2)); code=$((code + 1)); done
    if [ "$size" -ne "$2" ] || [ "$code" -gt 5 ]; then fail "MaxReadReq $2 is not a power of two from 128 to 4096"; fi
    v=$(setpci -s "$1" CAP_EXP+8.w) && setpci -s "$1" CAP_EXP+8.w="$(printf '%04x' $(((0x$v & ~0x7000) | (code << 12))))"
}
service_read() { systemctl is-active "$1" 2>/dev/null || true; }
service_write() { if [ "$2" = active ]; then systemctl start "$1"; else systemctl stop "$1"; fi; }
# rdma_cm's configfs folder of a device exists once created; only a run that changes things creates it.
rdma_cm_port() {
    local dir="$ROOT/sys/kernel/config/rdma_cm/$1"
    if [ ! -d "$dir" ] && [ "$EXECUTE" = 1 ]; then mkdir "$dir"; fi
    printf '%s/ports/%s' "$dir" "$2"
}
# Broadcom's bnxt_re keeps its congestion control in configfs, in a device folder made on demand
# (making it only sets up memory); a value written to a cc file takes effect when 0x1 goes to apply.
bnxt_cc_dir() {
    local dir="$ROOT/sys/kernel/config/bnxt_re/$1"
    if [ ! -d "$dir" ] && [ "$EXECUTE" = 1 ]; then mkdir "$dir"; fi
    printf '%s/ports/%s/cc' "$dir" "$2"
}
bnxt_cc_read() { cat "$(bnxt_cc_dir "$1" "$2")/ecn_enable"; }
bnxt_cc_write() { local cc; cc=$(bnxt_cc_dir "$1" "$2") && printf '%s' "$3" > "$cc/ecn_enable" && printf '0x1' > "$cc/apply"; }
rdma_cm_read() { cat "$(rdma_cm_port "$1" "$2")/$3"; }
rdma_cm_write() { printf '%s\n' "$4" > "$(rdma_cm_port "$1" "$2")/$3"; }
trust_read() { mlnx_qos -i "$1" | awk -F': *' '/Priority trust state/ {print $2; exit}'; }
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
# A bond changes mode only while down.
bond_mode_write() {
    ip link set dev "$1" down && printf '%s\n' "$2" > "$ROOT/sys/class/net/$1/bonding/mode" && ip link set dev "$1" up
}
