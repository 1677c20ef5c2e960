#!/bin/sh
# roce-doctor-collect.sh: captures this host into a roce-doctor bundle where Java is not allowed.
# Plain POSIX sh (dash runs it); writes the layout `roce-doctor collect` writes: the same file
# names, the same manifest keys. Read-only: every command is a query, run without a shell
# around its arguments, under timeout(1); a missing tool, file or permission is recorded in
# manifest.yaml and never stops the capture. With --redact, host names, addresses, GUIDs and
# serial numbers are replaced by the tokens the Java collector's --redact gives them.
#
# usage: roce-doctor-collect.sh --out FILE.tar.gz [--interval 10s] [--samples 2] [--timeout 30s] [--only KIND,...] [--redact]
#        roce-doctor-collect.sh --upload URL --case CASE [--token TOKEN] [--ca-cert FILE] [--out FILE.tar.gz] [...]
# --upload sends the bundle to a roce-doctor serve with curl (the token from --token or the
# environment variable ROCE_DOCTOR_TOKEN; --ca-cert trusts a private CA's PEM file for https://);
# without --out it is written to a temporary folder, removed once the service has it and kept
# when the upload fails.
set -u
set -f  # names are expanded into commands unquoted on purpose (one word each): never glob them

usage() {
  echo "usage: $0 --out FILE.tar.gz [--interval 10s] [--samples 2] [--timeout 30s] [--only KIND,...] [--redact]" >&2
  echo "       $0 --upload URL --case CASE [--token TOKEN] [--ca-cert FILE] [--out FILE.tar.gz] [...]" >&2
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
ETHTOOL_PAUSE 0 ethtool -a {if}
IP_LINK_DETAILS 0 ip -d link show
IP_LINK_STATS 1 ip -s link show
IP_ADDR 0 ip -o addr show
IP_RULE 0 ip rule show
IP_ROUTE_ALL 0 ip route show table all
BONDING 0 /proc/net/bonding/{bond}
NETDEV_NUMA_NODE 0 /sys/class/net/{if}/device/numa_node
NETDEV_LOCAL_CPULIST 0 /sys/class/net/{if}/device/local_cpulist
NETDEV_MTU 0 /sys/class/net/{if}/mtu
ECN_NOTIFICATION_POINT 0 /sys/class/net/{if}/ecn/roce_np/enable/{prio}
ECN_REACTION_POINT 0 /sys/class/net/{if}/ecn/roce_rp/enable/{prio}
ECN_CNP_DSCP 0 /sys/class/net/{if}/ecn/roce_np/cnp_dscp
ECN_CNP_PRIORITY 0 /sys/class/net/{if}/ecn/roce_np/cnp_802p_prio
BNXT_RE_CC_ECN_ENABLE 0 /sys/kernel/config/bnxt_re/{dev}/ports/{port}/cc/ecn_enable
MLNX_QOS 0 mlnx_qos -i {if}
DCB_PFC 0 dcb pfc show dev {if}
DCB_APP 0 dcb app show dev {if}
DCB_BUFFER 0 dcb buffer show dev {if}
CMA_ROCE_MODE 0 cma_roce_mode -d {dev} -p {port}
CMA_ROCE_TOS 0 cma_roce_tos -d {dev} -p {port}
RDMA_TRAFFIC_CLASS 0 /sys/class/infiniband/{dev}/tc/{port}/traffic_class
RDMA_LINK 0 rdma link show
RDMA_STATISTIC 1 rdma statistic show
IBV_DEVINFO 0 ibv_devinfo -v
SHOW_GIDS 0 show_gids
IBDEV2NETDEV 0 ibdev2netdev
MLXLINK 0 mlxlink -d {dev} -m -e -c
MLXCONFIG 0 mlxconfig -d {dev} query
OFED_INFO 0 ofed_info -s
LSPCI 0 lspci -vvv
LSPCI_TREE 0 lspci -tv
NVIDIA_SMI_TOPO 0 nvidia-smi topo -m
LSCPU 0 lscpu
NUMACTL 0 numactl -H
PROC_INTERRUPTS 1 /proc/interrupts
IRQ_AFFINITY 0 /proc/irq/{irq}/smp_affinity_list
SHOW_IRQ_AFFINITY 0 show_irq_affinity.sh {if}
SYSCTL 0 sysctl -a
IRQBALANCE 0 systemctl is-active irqbalance
CPUFREQ_GOVERNOR 0 /sys/devices/system/cpu/cpu{cpu}/cpufreq/scaling_governor
PERFTEST 0 {program} {args}
LLDP_NEIGHBORS 0 lldpcli show neighbors
DCQCN_REACTION_POINT_PARAMETER 0 /sys/class/net/{if}/ecn/roce_rp/{rpparam}
DCQCN_NOTIFICATION_POINT_PARAMETER 0 /sys/class/net/{if}/ecn/roce_np/{npparam}
# sources:end
EOF
}

out="" interval=10 samples=2 timeout_s=30 only="" redact=0 upload="" case_name="" ca_cert="" token=${ROCE_DOCTOR_TOKEN:-} token_given=0
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
    --redact) redact=1 ;;
    --upload) [ $# -ge 2 ] || usage; upload=${2%/}; shift ;;
    --case) [ $# -ge 2 ] || usage; case_name=$2; shift ;;
    --token) [ $# -ge 2 ] || usage; token=$2; token_given=1; shift ;;
    --ca-cert) [ $# -ge 2 ] || usage; ca_cert=$2; shift ;;
    -h|--help) usage ;;
    *) echo "roce-doctor-collect: unknown option '$1'" >&2; usage ;;
  esac
  shift
done
# The upload options are checked before anything is captured (the case rule is serve's CaseNames).
kept=""
if [ -n "$upload" ]; then
  case "$upload" in
    http://?*|https://?*) case "$upload" in *[?#\ ]*) echo "roce-doctor-collect: --upload must be the service's http:// or https:// address, not '$upload'" >&2; exit 2 ;; esac ;;
    *) echo "roce-doctor-collect: --upload must be the service's http:// or https:// address, such as http://triage:8080, not '$upload'" >&2; exit 2 ;;
  esac
  if ! printf '%s' "$case_name" | grep -Eqx '[A-Za-z0-9][A-Za-z0-9._-]{0,63}' || case "$case_name" in *..*) true ;; *) false ;; esac; then
    echo "roce-doctor-collect: --upload needs --case CASE: a case name is 1 to 64 letters, digits, '.', '-' or '_', starting with a letter or digit" >&2; exit 2
  fi
  [ -n "$token" ] || { echo "roce-doctor-collect: --upload needs the service's token: --token TOKEN or the environment variable ROCE_DOCTOR_TOKEN" >&2; exit 2; }
  command -v curl >/dev/null || { echo "roce-doctor-collect: --upload needs curl" >&2; exit 2; }
  if [ -n "$ca_cert" ]; then
    case "$upload" in https://*) ;; *) echo "roce-doctor-collect: --ca-cert goes with an https:// --upload, not $upload" >&2; exit 2 ;; esac
    grep -q -- '-----BEGIN CERTIFICATE-----' "$ca_cert" 2>/dev/null \
      || { echo "roce-doctor-collect: $ca_cert holds no PEM certificate (-----BEGIN CERTIFICATE-----): give the CA that signed the service's certificate" >&2; exit 2; }
  fi
  if [ -z "$out" ]; then
    kept=$(mktemp -d "${TMPDIR:-/tmp}/roce-doctor-collect-out.XXXXXX") || exit 3
    out="$kept/roce-bundle-$(date -u +%Y%m%d-%H%M%S).tar.gz"
  fi
elif [ -n "$case_name" ] || [ "$token_given" = 1 ] || [ -n "$ca_cert" ]; then
  echo "roce-doctor-collect: --case, --token and --ca-cert go with --upload URL" >&2; exit 2
fi
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

# ROCE_DOCTOR_ROOT: a folder shaped like the host's / that files are read from instead (tests), as the
# Java Collector's root; empty on a live host.
R=${ROCE_DOCTOR_ROOT:-}
rdma_devs=$(entries "$R/sys/class/infiniband" | sort)
bonds="" netdevs=""
for n in $(entries "$R/sys/class/net" | sort); do
  if [ -d "$R/sys/class/net/$n/bonding" ]; then bonds="$bonds $n"; elif [ -e "$R/sys/class/net/$n/device" ]; then netdevs="$netdevs $n"; fi
done
bonds=$(printf '%s\n' $bonds $(entries "$R/proc/net/bonding") | sed '/^$/d' | sort -u)
for b in $bonds; do
  [ -r "$R/sys/class/net/$b/bonding/slaves" ] && for m in $(cat "$R/sys/class/net/$b/bonding/slaves"); do safe "$m" && netdevs="$netdevs $m"; done
done
netdevs=$(printf '%s\n' $netdevs | sed '/^$/d' | sort -u)

msi_irqs() {
  d=$(readlink -f "$R/sys/class/net/$1/device" 2>/dev/null) || return 0
  for _ in 1 2 3; do
    if [ -d "$d/msi_irqs" ]; then entries "$d/msi_irqs" | grep -E '^[0-9]{1,7}$'; return 0; fi
    d=$(dirname "$d")
  done
}
irqs=$( {
  for n in $netdevs; do msi_irqs "$n"; done
  [ -r "$R/proc/interrupts" ] && awk -v names="$(echo $netdevs $rdma_devs)" '
    BEGIN { k = split(names, list, " ") }
    $1 ~ /^[0-9]+:$/ { name = $NF; for (i = 1; i <= k; i++) if (name == list[i] || index(name, list[i] "-") == 1 || index(name, list[i] "@") == 1) { sub(":", "", $1); print $1; break } }
  ' "$R/proc/interrupts"
} | sort -n -u)
cpus=""
for c in $(numbered "$R/sys/devices/system/cpu"); do
  [ -f "$R/sys/devices/system/cpu/cpu$c/cpufreq/scaling_governor" ] && cpus="$cpus $c"
done
nodes=$(numbered "$R/sys/devices/system/node")

# The host's names as the Java collector reads them (InventoryScanner.hostNames): host name,
# /etc/hostname, domain name; trimmed, each once.
host_names() {
  for f in /proc/sys/kernel/hostname /etc/hostname /proc/sys/kernel/domainname; do
    [ -r "$R$f" ] || continue
    n=$(cat "$R$f" 2>/dev/null)
    n=${n#"${n%%[![:space:]]*}"}
    n=${n%"${n##*[![:space:]]}"}
    case "$n" in ""|"(none)"|localhost*) ;; *) printf '%s\n' "$n" ;; esac
  done | awk '!seen[$0]++'
}
host=$(host_names | sed -n 1p)
[ -n "$host" ] || host=unknown

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

# ---- redaction (--redact) -------------------------------------------------------------------

# The awk program that redacts a text: the rules and tokens of the Java collector's Redactor.
redactor_program() {
  cat <<'EOF'
# redactor:begin
# Redacts its input as io.rocedoctor.collect.Redactor does, token for token (ShellRedactorTest
# runs both on the same texts). state: a file of the host's names ("name VALUE" lines) and of the
# tokens issued so far ("KIND TOKEN VALUE"); this run adds the tokens it issues. final_newline: 0
# when the input's last line has no newline. Plain POSIX awk: no interval expressions ({n,m}),
# which mawk before 2020 lacks.
BEGIN {
  names = 0
  while ((getline entry < state) > 0) {
    kind = substr(entry, 1, index(entry, " ") - 1)
    rest = substr(entry, length(kind) + 2)
    if (kind == "name") {
      # longest first, as Redactor tries them; names of one length keep their order
      for (i = ++names; i > 1 && length(name[i - 1]) < length(rest); i--) name[i] = name[i - 1]
      name[i] = rest
    } else {
      sp = index(rest, " ")
      tokens[kind, substr(rest, sp + 1)] = substr(rest, 1, sp - 1)
      issued[kind]++
    }
  }
  close(state)
}
NR > 1 { print out }
{ out = addresses(serials($0)) }
END { if (NR > 0) printf "%s%s", out, (final_newline ? "\n" : "") }

function known(kind, value) { return ((kind, value) in tokens) ? tokens[kind, value] : "" }
function issue(kind, value, token) { tokens[kind, value] = token; print kind " " token " " value >> state; return token }
function is_hex(text, min, max) { return length(text) >= min && length(text) <= max && text !~ /[^0-9A-Fa-f]/ }
function hex_number(text,    i, v) {
  for (i = 1; i <= length(text); i++) v = v * 16 + index("0123456789abcdef", tolower(substr(text, i, 1))) - 1
  return v + 0
}
function byte(n, shift) { return int(n / shift) % 256 }

# A "KEY: VALUE" line whose key names a serial number or a card's identity, then lspci's
# "Device Serial Number" EUI-64s in what is left of the line.
function serials(s,    lower, done, from, colon, key, start, value, cr, i, e) {
  lower = tolower(s)
  done = ""
  from = 1
  if ((colon = index(s, ":")) > 0) {
    key = substr(lower, 1, colon - 1)
    sub(/[ \t]+$/, "", key)
    if (key ~ /(^|[ \t])(sn|serial number|vendor specific|system specific|asset tag)$/) {
      for (start = colon + 1; substr(s, start, 1) == " " || substr(s, start, 1) == "\t"; start++) ;
      value = substr(s, start)
      if ((cr = index(value, "\r")) > 0) value = substr(value, 1, cr - 1)
      sub(/[ \t]+$/, "", value)
      if (value != "") {
        done = substr(s, 1, start - 1) serial_token(value)
        from = start + length(value)
      }
    }
  }
  while ((i = index(substr(lower, from), "device serial number")) > 0) {
    for (e = from + i + 19; substr(s, e, 1) == " " || substr(s, e, 1) == "\t"; e++) ;
    if (e > from + i + 19 && is_eui64(substr(s, e, 23)) && substr(lower, e + 23, 1) !~ /[0-9a-z-]/) {
      done = done substr(s, from, e - from) serial_token(substr(s, e, 23))
      from = e + 23
    } else {
      done = done substr(s, from, i)
      from += i
    }
  }
  return done substr(s, from)
}
function is_eui64(text,    g, i) {
  if (length(text) != 23 || split(text, g, "-") != 8) return 0
  for (i = 1; i <= 8; i++) if (!is_hex(g[i], 2, 2)) return 0
  return 1
}
function serial_token(value,    t, n) {
  if (value == "00-00-00-00-00-00-00-00") return value
  if ((t = known("serial", value)) != "") return t
  n = ++issued["serial"]
  return issue("serial", value, is_eui64(value) ? sprintf("00-00-00-00-00-%02x-%02x-%02x", byte(n, 65536), byte(n, 256), n % 256) : "serial-" n)
}

# Host names, colon-separated hex (IPv6, MAC, GUID) and IPv4 addresses, left to right. A value
# starts only after a character that is not a letter or digit, so words are skipped whole.
function addresses(s,    out, p, n, e) {
  out = ""
  p = 1
  n = length(s)
  while (p <= n) {
    if (p == 1 || substr(s, p - 1, 1) !~ /[0-9A-Za-z]/) {
      if ((e = value_at(s, p)) > 0) {
        out = out replacement
        p = e
        continue
      }
      if (substr(s, p, 1) !~ /[0-9A-Za-z]/) {
        out = out substr(s, p, 1)
        p++
        continue
      }
    }
    if (match(substr(s, p), /[^0-9A-Za-z]/)) {
      out = out substr(s, p, RSTART)
      p += RSTART
    } else {
      out = out substr(s, p)
      p = n + 1
    }
  }
  return out
}

# The value starting at p: sets replacement and returns where it ends, or 0. Redactor's pattern
# tries host names (longest first), then colon-separated hex, then IPv4.
function value_at(s, p,    prev, c, i, len, run, e) {
  prev = p > 1 ? substr(s, p - 1, 1) : ""
  for (i = 1; i <= names; i++) {
    len = length(name[i])
    if (substr(s, p, len) == name[i] && prev !~ /[A-Za-z0-9-]/ && substr(s, p + len, 1) !~ /[A-Za-z0-9-]/) {
      replacement = host_token(name[i])
      return p + len
    }
  }
  c = substr(s, p, 1)
  if (c ~ /[0-9A-Fa-f:]/ && prev !~ /[0-9A-Za-z:.]/) {
    # the letters, digits and colons from p on; colon-separated hex is never longer than 39
    match(substr(s, p, 48), /^[0-9A-Za-z:]+/)
    if (RLENGTH < 48 && (e = colon_hex_end(s, p, substr(s, p, RLENGTH))) > 0) {
      replacement = colon_hex(substr(s, p, e - p))
      return e
    }
  }
  if (c ~ /[0-9]/ && prev !~ /[0-9A-Za-z.:_-]/ && (e = dotted_quad_end(s, p, "[0-9A-Za-z.]")) > 0) {
    replacement = ipv4_token(substr(s, p, e - p))
    return e
  }
  return 0
}

# Where colon-separated hex starting at p ends, or 0: 2 to 7 groups of up to 4 hex digits, each
# followed by a colon, then a dotted quad, 1 to 4 hex digits or nothing; what follows is not a
# letter, digit or colon. RUN, the letters, digits and colons from p on, holds all its colons.
function colon_hex_end(s, p, run,    g, n, i, last, e, q) {
  n = split(run, g, ":")
  if (n < 3 || n > 8) return 0
  for (i = 1; i < n; i++) if (!is_hex(g[i], 0, 4)) return 0
  last = g[n]
  e = p + length(run)
  if (last ~ /^[0-9]+$/ && length(last) <= 3 && substr(s, e, 1) == "." \
      && (q = dotted_quad_end(s, e - length(last), "[0-9A-Za-z:]")) > 0) return q
  return last == "" || is_hex(last, 1, 4) ? e : 0
}

# Where four dot-separated runs of 1 to 3 digits starting at q end, or 0 when the character
# after them matches NOT_AFTER.
function dotted_quad_end(s, q, not_after,    i) {
  for (i = 1; i <= 4; i++) {
    if (!match(substr(s, q, 4), /^[0-9]+/) || RLENGTH > 3) return 0
    q += RLENGTH
    if (i < 4 && substr(s, q++, 1) != ".") return 0
  }
  return substr(s, q, 1) ~ not_after ? 0 : q
}

function host_token(value,    t) {
  if ((t = known("host", value)) != "") return t
  return issue("host", value, "host-" (++issued["host"]))
}

function colon_hex(text,    t, n) {
  if (is_colon_groups(text, 6, 2)) return mac_token(text)
  if (is_colon_groups(text, 4, 4)) {
    if ((t = known("guid", tolower(text))) != "") return t
    n = ++issued["guid"]
    return issue("guid", tolower(text), sprintf("0200:00ff:fe%02x:%04x", byte(n, 65536), n % 65536))
  }
  return ipv6(text)
}
function is_colon_groups(text, count, width,    g, i) {
  if (length(text) != count * (width + 1) - 1 || split(text, g, ":") != count) return 0
  for (i = 1; i <= count; i++) if (!is_hex(g[i], width, width)) return 0
  return 1
}

function mac_token(address,    lower, t, n) {
  lower = tolower(address)
  if (lower == "ff:ff:ff:ff:ff:ff" || lower == "00:00:00:00:00:00") return address
  if ((t = known("mac", lower)) != "") return t
  n = ++issued["mac"]
  return issue("mac", lower, sprintf("02:00:00:%02x:%02x:%02x", byte(n, 65536), byte(n, 256), n % 256))
}

function ipv4_token(address,    o, t, n) {
  if (!octets(address, o) || o[1] == 0 || o[1] == 127 || o[1] == 255 || (o[1] >= 224 && o[1] <= 239)) return address
  if ((t = known("ipv4", address)) != "") return t
  n = ++issued["ipv4"]
  return issue("ipv4", address, "10." byte(n, 65536) "." byte(n, 256) "." n % 256)
}
function octets(address, o,    i) {
  if (split(address, o, ".") != 4) return 0
  for (i = 1; i <= 4; i++) {
    if (o[i] !~ /^[0-9]+$/ || o[i] + 0 > 255 || (length(o[i]) > 1 && substr(o[i], 1, 1) == "0")) return 0
    o[i] += 0
  }
  return 1
}

# An IPv6 address, or anything else colon-separated (a time, a PCI address), which is kept.
function ipv6(text,    halves, nh, groups, ng, part, np, i, j, last, embedded, compressed, first, v4, high, low, lower, t, n, prefix) {
  if ((nh = split(text, halves, "::")) > 2) return text
  ng = 0
  for (i = 1; i <= nh; i++) {
    if (halves[i] == "") continue
    np = split(halves[i], part, ":")
    for (j = 1; j <= np; j++) groups[++ng] = part[j]
  }
  last = ng ? groups[ng] : ""
  embedded = index(last, ".") > 0
  compressed = nh == 2
  if (compressed ? ng >= 8 - embedded : ng != 8 - embedded) return text
  for (i = 1; i <= ng - embedded; i++) if (!is_hex(groups[i], 1, 4)) return text
  if (embedded && !octets(last, v4)) return text
  first = halves[1] == "" ? "" : tolower(groups[1])
  if (ng == 0 || text == "::1" || (length(first) == 4 && substr(first, 1, 2) == "ff")) return text  # unspecified, loopback, multicast
  if (embedded) return substr(text, 1, length(text) - length(last)) ipv4_token(last)
  if (!compressed && tolower(groups[6]) == "ffff" && groups[1] groups[2] groups[3] groups[4] groups[5] ~ /^0+$/) {
    # an IPv4-mapped GID, as show_gids prints it: its address gets the token of the IPv4 beside it
    high = hex_number(groups[7])
    low = hex_number(groups[8])
    octets(ipv4_token(int(high / 256) "." high % 256 "." int(low / 256) "." low % 256), v4)
    return groups[1] ":" groups[2] ":" groups[3] ":" groups[4] ":" groups[5] ":" groups[6] \
        sprintf(":%02x%02x:%02x%02x", v4[1], v4[2], v4[3], v4[4])
  }
  prefix = first == "fe80" ? "fe80" : "fd00"
  lower = tolower(text)
  if ((t = known("ipv6", lower)) != "") return t
  n = ++issued["ipv6"]
  return issue("ipv6", lower, compressed ? prefix "::" sprintf("%x", n) \
      : sprintf("%s:0000:0000:0000:0000:0000:%04x:%04x", prefix, int(n / 65536) % 65536, n % 65536))
}
# redactor:end
EOF
}

# Every file and message of one bundle shares one table of tokens, so a value gets the same
# token everywhere; the table starts with the host's names.
tokens="$work/tokens"
if [ "$redact" = 1 ]; then
  redactor_program > "$work/redact.awk"
  host_names | sed 's/^/name /' > "$tokens"
fi

# redact_file FILE: FILE with its values replaced by their tokens, when redacting. A file that
# cannot be redacted stops the capture: nothing is written rather than a value left in clear.
redact_file() {
  [ "$redact" = 1 ] && [ -f "$1" ] || return 0
  if [ -z "$(tail -c 1 "$1")" ]; then last_newline=1; else last_newline=0; fi
  awk -v state="$tokens" -v final_newline="$last_newline" -f "$work/redact.awk" < "$1" > "$work/redacted" \
    && mv "$work/redacted" "$1" \
    || { echo "roce-doctor-collect: could not redact $1; no bundle written" >&2; exit 3; }
}

# redact_text TEXT: prints TEXT (one line) redacted, when redacting.
redact_text() {
  if [ "$redact" = 1 ]; then
    printf '%s\n' "$1" | awk -v state="$tokens" -v final_newline=1 -f "$work/redact.awk"
  else
    printf '%s\n' "$1"
  fi
}

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
  exit_field="" error="" made=""
  # bnxt_re's configfs folder of a device exists only once made: make it for the read, remove it after.
  case "$src" in
    /sys/kernel/config/bnxt_re/*/*)
      group=$(printf '%s' "$src" | cut -d/ -f1-6)
      if [ -d "$R/sys/kernel/config/bnxt_re" ] && [ ! -e "$R$group" ] && mkdir "$R$group" 2>/dev/null; then made=$R$group; fi ;;
  esac
  case "$src" in
    /*)
      if [ ! -e "$R$src" ]; then error="no such file"
      elif [ ! -r "$R$src" ]; then error="permission denied"
      else
        timeout "$timeout_s" cat "$R$src" > "$dest" 2> "$work/err"; rc=$?
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
  [ -z "$made" ] || rmdir "$made" 2>/dev/null
  millis=$(( $(now_ms) - start ))
  if [ -n "$error" ]; then rm -f "$dest"; path=null; else path=$(yq "$rel"); fi
  redact_file "$dest"
  redact_file "$dest.stderr"
  [ -z "$error" ] || error=$(redact_text "$error")
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
    if,prio) for i in $netdevs; do for p in $(numbered "$R/sys/class/net/$i/ecn/roce_np/enable"); do echo "$tpl" | sed -e "s|{if}|$i|" -e "s|{prio}|$p|"; done; done ;;
    # MLNX_OFED's DCQCN parameter files (CapturePlan's lists): tried on every netdev, not collected where absent.
    if,rpparam) for i in $netdevs; do for p in clamp_tgt_rate clamp_tgt_rate_after_time_inc dce_tcp_g dce_tcp_rtt \
        initial_alpha_value rate_reduce_monitor_period rate_to_set_on_first_cnp rpg_ai_rate rpg_byte_reset rpg_gd \
        rpg_hai_rate rpg_max_rate rpg_min_dec_fac rpg_min_rate rpg_threshold rpg_time_reset; do
        echo "$tpl" | sed -e "s|{if}|$i|" -e "s|{rpparam}|$p|"; done; done ;;
    # cnp_dscp and cnp_802p_prio are ECN_CNP_DSCP and ECN_CNP_PRIORITY's files, taken once as those.
    if,npparam) for i in $netdevs; do for p in min_time_between_cnps; do
        echo "$tpl" | sed -e "s|{if}|$i|" -e "s|{npparam}|$p|"; done; done ;;
    bond) for b in $bonds; do echo "$tpl" | sed "s|{bond}|$b|"; done ;;
    dev) for d in $rdma_devs; do echo "$tpl" | sed "s|{dev}|$d|"; done ;;
    dev,port) for d in $rdma_devs; do for p in $(numbered "$R/sys/class/infiniband/$d/ports"); do echo "$tpl" | sed -e "s|{dev}|$d|" -e "s|{port}|$p|"; done; done ;;
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
    # show_irq_affinity.sh is read from sysinfo-snapshots: the collector takes each IRQ's smp_affinity_list itself.
    [ "$kind" = SHOW_IRQ_AFFINITY ] && continue
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
  echo "host: $(yq "$(redact_text "$host")")"
  # The machine id hashed (as Collector.machineHash): apply.sh recognises the host of a redacted bundle by it.
  machine_id=$(cat "$R/etc/machine-id" 2>/dev/null || true)
  case "$machine_id" in
    *[!0-9a-f]*|'') ;;
    *) if [ ${#machine_id} -eq 32 ]; then echo "machine: $(yq "$(printf 'roce-doctor:%s' "$machine_id" | sha256sum | cut -c1-32)")"; fi ;;
  esac
  set -- $times
  echo "collected_at: $(echo "$1" | sed 's/\.[0-9]*Z$/Z/')"
  echo "collector: $(yq "roce-doctor-collect.sh 0.1.0")"
  echo "samples:"
  i=0; for t in $times; do echo "  - {n: $i, at: $t}"; i=$((i + 1)); done
  echo "captures:"
  cat "$captures"
  if [ "$redact" = 1 ]; then echo 'redacted: ["hostnames", "ipv4", "ipv6", "mac", "guid", "serial"]'; else echo "redacted: []"; fi
  echo "discovered:"
  echo "  rdma_devices: $(quoted_list "$rdma_devs" q)"
  echo "  netdevs: $(quoted_list "$netdevs" q)"
  echo "  bonds: $(quoted_list "$bonds" q)"
  echo "  irqs: $(quoted_list "$irqs" n)"
  echo "  numa_nodes: $(quoted_list "$nodes" n)"
} > "$bundle/manifest.yaml"

tar -C "$work" -czf "$out.partial" "$folder" && mv "$out.partial" "$out" || { rm -f "$out.partial"; exit 3; }
echo "roce-doctor-collect: wrote $out ($(grep -c '^  - {source' "$captures") captures, $(grep -c 'path: null' "$captures") not taken)" >&2

# ---- upload (--upload) ------------------------------------------------------------------------
# POST URL/api/v1/cases/CASE/bundles, the archive as the body (docs/serve.md). The token goes in
# a header file curl reads (-H @file), so it is not in curl's arguments for other users to see.
if [ -n "$upload" ]; then
  umask 077
  printf 'Authorization: Bearer %s\n' "$token" > "$work/auth"
  name=$(basename "$out"); safe "$name" || name=bundle.tar.gz
  # curl's --cacert replaces the system's CAs with the file's (curl(1)); exit 60 is an untrusted peer.
  set -- ; [ -n "$ca_cert" ] && set -- --cacert "$ca_cert"
  curl_exit=0
  code=$(curl -sS "$@" -o "$work/answer" -w '%{http_code}' -H @"$work/auth" -H 'Content-Type: application/octet-stream' \
    --data-binary @"$out" "$upload/api/v1/cases/$case_name/bundles?name=$name") || curl_exit=$?
  [ "$curl_exit" = 0 ] || code=000
  answer=$(cat "$work/answer" 2>/dev/null)
  case "$code" in
    200|201)
      id=$(printf '%s' "$answer" | sed -n 's/.*"id" *: *\([0-9][0-9]*\).*/\1/p')
      status_url=$(printf '%s' "$answer" | sed -n 's/.*"statusUrl" *: *"\([^"]*\)".*/\1/p')
      [ -n "$kept" ] && rm -rf "$kept"
      echo "roce-doctor-collect: uploaded to case $case_name as bundle $id; its state: $upload$status_url" >&2 ;;
    *)
      reason=$(printf '%s' "$answer" | sed -n 's/.*"error" *: *"\([^"]*\)".*/\1/p')
      if [ "$curl_exit" = 60 ]; then what="cannot reach $upload: its TLS certificate is not trusted; give the CA that signed it with --ca-cert FILE"
      elif [ "$code" = 000 ]; then what="cannot reach $upload"; else what="$upload refused the upload with HTTP $code: ${reason:-no reason given}"; fi
      echo "roce-doctor-collect: $what; the bundle is kept in $out (send it again, or attach it to the case)" >&2
      exit 2 ;;
  esac
fi
