#!/bin/sh
# roce-doctor-collect.sh: captures this host into a roce-doctor bundle where Java is not allowed.
# Plain POSIX sh (dash runs it); writes the layout `roce-doctor collect` writes: the same file
# names, the same manifest keys. Read-only: every command is a query, run without a shell
# around its arguments, under timeout(1); a missing tool, file or permission is recorded in
# manifest.yaml and never stops the capture.
#
# usage: roce-doctor-collect.sh --out FILE.tar.gz [--interval 10s] [--samples 2] [--timeout 30s] [--only KIND,...]
set -u
set -f  # names are expanded into commands unquoted on purpose (one word each): never glob them

usage() {
  echo "usage: $0 --out FILE.tar.gz [--interval 10s] [--samples 2] [--timeout 30s] [--only KIND,...]" >&2
  exit 2
}

# The sources, as roce-doctor's SourceKind registry spells them for the collector (a test keeps
# this table equal to it): kind, 1 when taken at every sample, the command or file.
sources() {
  cat <<'EOF'
# sources:begin
ETHTOOL_STATS 1 ethtool -S {if}
ETHTOOL_DRIVER 0 ethtool -i {if}
ETHTOOL_LINK 0 ethtool {if}
ETHTOOL_CHANNELS 0 ethtool -l {if}
ETHTOOL_RINGS 0 ethtool -g {if}
ETHTOOL_FEATURES 0 ethtool -k {if}
ETHTOOL_PRIV_FLAGS 0 ethtool --show-priv-flags {if}
ETHTOOL_RSS 0 ethtool -x {if}
ETHTOOL_FLOW_HASH 0 ethtool -n {if} rx-flow-hash {proto}
ETHTOOL_MODULE 0 ethtool -m {if}
IP_LINK_DETAILS 0 ip -d link show
IP_LINK_STATS 1 ip -s link show
BONDING 0 /proc/net/bonding/{bond}
NETDEV_NUMA_NODE 0 /sys/class/net/{if}/device/numa_node
NETDEV_LOCAL_CPULIST 0 /sys/class/net/{if}/device/local_cpulist
NETDEV_MTU 0 /sys/class/net/{if}/mtu
ECN_NOTIFICATION_POINT 0 /sys/class/net/{if}/ecn/roce_np/enable/{prio}
ECN_REACTION_POINT 0 /sys/class/net/{if}/ecn/roce_rp/enable/{prio}
MLNX_QOS 0 mlnx_qos -i {if}
CMA_ROCE_MODE 0 cma_roce_mode -d {dev} -p {port}
CMA_ROCE_TOS 0 cma_roce_tos -d {dev} -p {port}
RDMA_LINK 0 rdma link show
RDMA_STATISTIC 1 rdma statistic show
IBV_DEVINFO 0 ibv_devinfo -v
SHOW_GIDS 0 show_gids
IBDEV2NETDEV 0 ibdev2netdev
MLXLINK 0 mlxlink -d {dev} -m -e -c
MLXCONFIG 0 mlxconfig -d {dev} query
LSPCI 0 lspci -vvv
LSCPU 0 lscpu
NUMACTL 0 numactl -H
PROC_INTERRUPTS 1 /proc/interrupts
IRQ_AFFINITY 0 /proc/irq/{irq}/smp_affinity_list
SYSCTL 0 sysctl -a
IRQBALANCE 0 systemctl is-active irqbalance
CPUFREQ_GOVERNOR 0 /sys/devices/system/cpu/cpu{cpu}/cpufreq/scaling_governor
PERFTEST 0 {program} {args}
LLDP_NEIGHBORS 0 lldpcli show neighbors
# sources:end
EOF
}

out="" interval=10 samples=2 timeout_s=30 only=""
seconds() {
  case "$1" in
    *[!0-9sm]*|"") echo "roce-doctor-collect: $2 must be whole seconds (10 or 10s) or minutes (2m), not '$1'" >&2; exit 2 ;;
    *m) echo $(( ${1%m} * 60 )) ;;
    *s) echo "${1%s}" ;;
    *) echo "$1" ;;
  esac
}
while [ $# -gt 0 ]; do
  case "$1" in
    --out) [ $# -ge 2 ] || usage; out=$2; shift ;;
    --interval) [ $# -ge 2 ] || usage; interval=$(seconds "$2" --interval) || exit 2; shift ;;
    --samples) [ $# -ge 2 ] || usage; samples=$2; shift ;;
    --timeout) [ $# -ge 2 ] || usage; timeout_s=$(seconds "$2" --timeout) || exit 2; shift ;;
    --only) [ $# -ge 2 ] || usage; only=$2; shift ;;
    --redact) echo "roce-doctor-collect: --redact needs the Java collector (roce-doctor collect --redact)" >&2; exit 2 ;;
    -h|--help) usage ;;
    *) echo "roce-doctor-collect: unknown option '$1'" >&2; usage ;;
  esac
  shift
done
[ -n "$out" ] || usage
case "$out" in *.tar.gz|*.tgz) ;; *) echo "roce-doctor-collect: --out must name a .tar.gz or .tgz file" >&2; exit 2 ;; esac
case "$samples" in ''|*[!0-9]*) usage ;; esac
[ "$samples" -ge 1 ] && [ "$samples" -le 100 ] || { echo "roce-doctor-collect: --samples must be between 1 and 100" >&2; exit 2; }

export LC_ALL=C
PATH="$PATH:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
export PATH

folder=$(basename "$out"); folder=${folder%.tar.gz}; folder=${folder%.tgz}
work=$(mktemp -d "${TMPDIR:-/tmp}/roce-doctor-collect.XXXXXX") || exit 3
trap 'rm -rf "$work"' EXIT INT TERM
bundle="$work/$folder"
mkdir -p "$bundle"
captures="$work/captures"
: > "$captures"

# ---- discovery (the Java InventoryScanner's rules) -------------------------------------------

safe() { case "$1" in ""|-*|*[!A-Za-z0-9_.:@-]*) return 1 ;; esac; [ ${#1} -le 64 ]; }
entries() { [ -d "$1" ] && ls -1 "$1" 2>/dev/null | while IFS= read -r n; do safe "$n" && [ "$n" != bonding_masters ] && echo "$n"; done; }
numbered() { entries "$1" | sed -n 's/^[a-z]*\([0-9][0-9]*\)$/\1/p' | sort -n -u; }

rdma_devs=$(entries /sys/class/infiniband | sort)
bonds="" netdevs=""
for n in $(entries /sys/class/net | sort); do
  if [ -d "/sys/class/net/$n/bonding" ]; then bonds="$bonds $n"; elif [ -e "/sys/class/net/$n/device" ]; then netdevs="$netdevs $n"; fi
done
bonds=$(printf '%s\n' $bonds $(entries /proc/net/bonding) | sed '/^$/d' | sort -u)
for b in $bonds; do
  [ -r "/sys/class/net/$b/bonding/slaves" ] && for m in $(cat "/sys/class/net/$b/bonding/slaves"); do safe "$m" && netdevs="$netdevs $m"; done
done
netdevs=$(printf '%s\n' $netdevs | sed '/^$/d' | sort -u)

msi_irqs() {
  d=$(readlink -f "/sys/class/net/$1/device" 2>/dev/null) || return 0
  for _ in 1 2 3; do
    if [ -d "$d/msi_irqs" ]; then entries "$d/msi_irqs" | grep -E '^[0-9]{1,7}$'; return 0; fi
    d=$(dirname "$d")
  done
}
irqs=$( {
  for n in $netdevs; do msi_irqs "$n"; done
  [ -r /proc/interrupts ] && awk -v names="$(echo $netdevs $rdma_devs)" '
    BEGIN { k = split(names, list, " ") }
    $1 ~ /^[0-9]+:$/ { name = $NF; for (i = 1; i <= k; i++) if (name == list[i] || index(name, list[i] "-") == 1 || index(name, list[i] "@") == 1) { sub(":", "", $1); print $1; break } }
  ' /proc/interrupts
} | sort -n -u)
cpus=""
for c in $(numbered /sys/devices/system/cpu); do
  [ -f "/sys/devices/system/cpu/cpu$c/cpufreq/scaling_governor" ] && cpus="$cpus $c"
done
nodes=$(numbered /sys/devices/system/node)

host=unknown
for f in /proc/sys/kernel/hostname /etc/hostname; do
  [ -r "$f" ] || continue
  h=$(tr -d ' \t\n' < "$f")
  case "$h" in ""|"(none)"|localhost*) ;; *) host=$h; break ;; esac
done

count() { set -- $1; echo $#; }
echo "roce-doctor-collect: found $(count "$rdma_devs") RDMA devices, $(count "$netdevs") netdevs, $(count "$bonds") bonds, $(count "$irqs") NIC interrupts, $(count "$nodes") NUMA nodes" >&2

# ---- taking sources ----------------------------------------------------------------------

mangle() {
  printf '%s\n' "$1" | sed -e 's#^/\(usr/\)\{0,1\}s\{0,1\}bin/##' -e 's#[^A-Za-z0-9_./-][^A-Za-z0-9_./-]*#_#g' \
    -e 's#/#.#g' -e 's#^[ ._-]*##' -e 's#[ ._-]*$##' | cut -c1-255
}
yq() { printf '"%s"' "$(printf '%s' "$1" | tr -d '\000-\037' | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g')"; }
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
stamp() { date -u +%Y-%m-%dT%H:%M:%S.%3NZ; }
first_line() { sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//' "$1" | sed -n '/./{p;q;}' | cut -c1-200; }

# take SOURCE SAMPLE: runs or copies one source, files its bytes, appends its manifest entry.
take() {
  src=$1 n=$2
  case "$src" in
    /*) rel="fs$src" ;;
    *) rel="commands/$(mangle "$src")" ;;
  esac
  [ "$n" -gt 0 ] && rel="samples/$n/$rel"
  dest="$bundle/$rel"
  mkdir -p "$(dirname "$dest")"
  start=$(now_ms)
  exit_field="" error=""
  case "$src" in
    /*)
      if [ ! -e "$src" ]; then error="no such file"
      elif [ ! -r "$src" ]; then error="permission denied"
      else
        timeout "$timeout_s" cat "$src" > "$dest" 2> "$work/err"; rc=$?
        if [ $rc -eq 124 ]; then error="timed out after $timeout_s s"
        elif [ $rc -ne 0 ]; then error=$(first_line "$work/err" | sed 's/^cat: [^:]*: //')
        fi
      fi
      ;;
    *)
      set -- $src
      if ! command -v "$1" > /dev/null 2>&1; then
        exit_field=127 error="command not found"
      else
        timeout "$timeout_s" "$@" > "$dest" 2> "$dest.stderr" < /dev/null; rc=$?
        exit_field=$rc
        if [ $rc -eq 124 ]; then error="timed out after $timeout_s s"
        elif [ $rc -ne 0 ] && [ ! -s "$dest" ]; then error=$(first_line "$dest.stderr"); [ -n "$error" ] || error="exit $rc without output"
        fi
        [ -s "$dest.stderr" ] || rm -f "$dest.stderr"
      fi
      ;;
  esac
  millis=$(( $(now_ms) - start ))
  if [ -n "$error" ]; then rm -f "$dest"; path=null; else path=$(yq "$rel"); fi
  {
    printf '  - {source: %s, sample: %s, path: %s' "$(yq "$src")" "$n" "$path"
    [ -n "$exit_field" ] && printf ', exit: %s' "$exit_field"
    printf ', millis: %s' "$millis"
    [ -n "$error" ] && printf ', error: %s' "$(yq "$error")"
    printf '}\n'
  } >> "$captures"
}

# expand TEMPLATE: every source line the inventory gives it, by the parameters it names.
expand() {
  tpl=$1
  case "$tpl" in
    *"{"*) sig=$(printf '%s\n' "$tpl" | sed -e 's/[^{]*{\([a-z]*\)}[^{]*/\1,/g' -e 's/,$//') ;;
    *) sig="" ;;
  esac
  case "$sig" in
    "") echo "$tpl" ;;
    if) for i in $netdevs; do echo "$tpl" | sed "s|{if}|$i|"; done ;;
    if,proto) for i in $netdevs; do for p in udp4 tcp4 udp6; do echo "$tpl" | sed -e "s|{if}|$i|" -e "s|{proto}|$p|"; done; done ;;
    if,prio) for i in $netdevs; do for p in $(numbered "/sys/class/net/$i/ecn/roce_np/enable"); do echo "$tpl" | sed -e "s|{if}|$i|" -e "s|{prio}|$p|"; done; done ;;
    bond) for b in $bonds; do echo "$tpl" | sed "s|{bond}|$b|"; done ;;
    dev) for d in $rdma_devs; do echo "$tpl" | sed "s|{dev}|$d|"; done ;;
    dev,port) for d in $rdma_devs; do for p in $(numbered "/sys/class/infiniband/$d/ports"); do echo "$tpl" | sed -e "s|{dev}|$d|" -e "s|{port}|$p|"; done; done ;;
    irq) for q in $irqs; do echo "$tpl" | sed "s|{irq}|$q|"; done ;;
    cpu) for c in $cpus; do echo "$tpl" | sed "s|{cpu}|$c|"; done ;;
    program,args) ;;  # perftests are run by a person, not collected
    *) echo "roce-doctor-collect: no inventory for {$sig}" >&2 ;;
  esac
}

wanted() {
  [ -z "$only" ] && return 0
  k=$(echo "$1" | tr 'A-Z_' 'a-z-')
  case ",$(echo "$only" | tr 'A-Z_' 'a-z-')," in *",$k,"*) return 0 ;; esac
  return 1
}

plan() {  # plan 1: the counter sources; plan 0: the others
  sources | grep -v '^#' | while read -r kind counter tpl; do
    [ "$counter" = "$1" ] && wanted "$kind" && expand "$tpl"
  done
}

if [ -n "$only" ]; then
  for k in $(echo "$only" | tr ',' ' '); do
    sources | grep -v '^#' | awk '{print $1}' | tr 'A-Z_' 'a-z-' | grep -qx "$(echo "$k" | tr 'A-Z_' 'a-z-')" \
      || { echo "roce-doctor-collect: --only: no source kind '$k'" >&2; exit 2; }
  done
fi

plan 1 > "$work/counters"
plan 0 > "$work/once"
times=""
start_ms=$(now_ms)
n=0
while [ $n -lt "$samples" ]; do
  if [ $n -gt 0 ]; then
    target=$(( start_ms + n * interval * 1000 ))
    echo "roce-doctor-collect: waiting for sample $((n + 1))/$samples" >&2
    while [ "$(now_ms)" -lt $target ]; do
      left=$(( (target - $(now_ms) + 999) / 1000 ))
      [ -t 2 ] && printf '\r  sample %s/%s in %s s ' $((n + 1)) "$samples" "$left" >&2
      sleep 1
    done
    [ -t 2 ] && printf '\r\033[K' >&2
  fi
  times="$times $(stamp)"
  echo "roce-doctor-collect: sample $((n + 1))/$samples" >&2
  while IFS= read -r s; do take "$s" $n; done < "$work/counters"
  [ $n -eq 0 ] && while IFS= read -r s; do take "$s" 0; done < "$work/once"
  n=$((n + 1))
done

quoted_list() { first=1; printf '['; for x in $1; do [ $first -eq 1 ] || printf ', '; first=0; if [ "$2" = q ]; then yq "$x"; else printf '%s' "$x"; fi; done; printf ']'; }
{
  echo "format: 1"
  echo "host: $(yq "$host")"
  set -- $times
  echo "collected_at: $(echo "$1" | sed 's/\.[0-9]*Z$/Z/')"
  echo "collector: $(yq "roce-doctor-collect.sh 0.1.0")"
  echo "samples:"
  i=0; for t in $times; do echo "  - {n: $i, at: $t}"; i=$((i + 1)); done
  echo "captures:"
  cat "$captures"
  echo "redacted: []"
  echo "discovered:"
  echo "  rdma_devices: $(quoted_list "$rdma_devs" q)"
  echo "  netdevs: $(quoted_list "$netdevs" q)"
  echo "  bonds: $(quoted_list "$bonds" q)"
  echo "  irqs: $(quoted_list "$irqs" n)"
  echo "  numa_nodes: $(quoted_list "$nodes" n)"
} > "$bundle/manifest.yaml"

tar -C "$work" -czf "$out.partial" "$folder" && mv "$out.partial" "$out" || { rm -f "$out.partial"; exit 3; }
echo "roce-doctor-collect: wrote $out ($(grep -c '^  - {source' "$captures") captures, $(grep -c 'path: null' "$captures") not taken)" >&2
