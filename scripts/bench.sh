#!/usr/bin/env bash
# Measures roce-doctor side by side in one run and writes the table into docs/performance.md:
#   1. cold `analyze` of a typical synthesized bundle (2 NICs x 2 ports, 64 CPUs, 2 samples), as a
#      folder and as .tar.gz, next to a bare Java program that only reads the same files
#      (src/bench/java, compiled here);
#   2. throughput of 100 and 1,000 synthesized bundles in one process, with peak RSS and CPU time;
#   3. a large host: 16 NICs, 256 CPUs, ~2,000 IRQ lines x 256 CPU columns;
#   4. a real sosreport of this machine (sos, as root), and insights-core's parsers on it when installed;
#   5. CPU per further bundle in one process (user + system of 100 bundles less that of 20, over 80):
#      typical folders, the same as .tar.gz, and copies of the sosreport (as .tar.xz and as a folder).
# CPU time (user + system) is the figure to compare on a shared machine; wall times count only when
# the load average printed with the table is low.
# Public tools only: /usr/bin/time -v, and hyperfine when installed (else a loop of /usr/bin/time).
# Usage: scripts/bench.sh [--quick] [--no-serve]
#   --quick: 3 runs instead of 10, 200 bundles instead of 1,000; --no-serve: the pipeline's table only,
#   without scripts/bench-serve.sh (the service's, which runs for minutes more).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
runs=10
fleet_big=1000
quick=""
serve=1
for arg in "$@"; do
  case "$arg" in
    --quick) quick=--quick; runs=3; fleet_big=200 ;;
    --no-serve) serve=0 ;;
    *) echo "usage: scripts/bench.sh [--quick] [--no-serve]" >&2; exit 2 ;;
  esac
done

work="$(mktemp -d "${TMPDIR:-/tmp}/roce-bench.XXXXXX")"
trap 'rm -rf "$work"' EXIT
doctor="$here/roce-doctor"
java_bin="${JAVA_HOME:+$JAVA_HOME/bin/}java"

echo "bench: building and warming the launcher's CDS archive..." >&2
"$doctor" --version >/dev/null
"$doctor" --version >/dev/null
mkdir -p target/bench-classes
javac -d target/bench-classes src/bench/java/io/rocedoctor/bench/ReadBundle.java

echo "bench: synthesizing bundles..." >&2
"$doctor" synth --out "$work/typical" --seed 1 >/dev/null
"$doctor" synth --out "$work/fleet100" --hosts 100 --seed 2 >/dev/null
"$doctor" synth --out "$work/fleetbig" --hosts "$fleet_big" --seed 3 >/dev/null
"$doctor" synth --out "$work/large" --nics 16 --ports 2 --cpus 256 --queues 62 --seed 4 >/dev/null
typical="$work/typical/node-000"
large="$work/large/node-000"
irq_lines=$(($(wc -l <"$large/fs/proc/interrupts") - 1))

# Median wall seconds of a command over $runs runs (hyperfine when installed).
median() {
  if command -v hyperfine >/dev/null; then
    hyperfine --style none --warmup 1 --runs "$runs" --export-json "$work/h.json" "$1" >/dev/null 2>&1
    python3 -c 'import json,sys; print("%.3f" % json.load(open(sys.argv[1]))["results"][0]["median"])' "$work/h.json"
  else
    for _ in $(seq "$runs"); do
      /usr/bin/time -f %e bash -c "$1" 2>&1 >/dev/null | tail -n 1
    done | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
  fi
}

# CPU seconds (user + system) of one analyze of the given inputs in one process.
cpu_of() {
  /usr/bin/time -f "%U %S" "$doctor" analyze "$@" --format json --output /dev/null 2>"$work/cpu.txt" >/dev/null \
    || { cat "$work/cpu.txt" >&2; exit 1; }
  tail -n 1 "$work/cpu.txt" | awk '{print $1 + $2}'
}

# Milliseconds of CPU per further bundle: 100 inputs in one process less 20, over 80 (the JVM's start,
# the rulebase and the first, interpreted bundles are in both and cancel out).
per_bundle_ms() {
  local all=("$@")
  local small big
  small=$(cpu_of "${all[@]:0:20}")
  big=$(cpu_of "${all[@]:0:100}")
  python3 -c "print('%.1f' % (($big - $small) * 1000 / 80))"
}

# Wall seconds, peak RSS (MB) and CPU seconds (user + system) of one run.
measure() {
  /usr/bin/time -v bash -c "$1" >/dev/null 2>"$work/time.txt" || { cat "$work/time.txt" >&2; exit 1; }
  local wall rss cpu
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,t,":"); s=0; for(i=1;i<=n;i++) s=s*60+t[i]; print s}' "$work/time.txt")
  rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2/1024}' "$work/time.txt")
  cpu=$(awk -F': ' '/User time|System time/ {s += $2} END {printf "%.2f", s}' "$work/time.txt")
  echo "$wall $rss $cpu"
}

echo "bench: cold analyze of the typical bundle, and the bare reader ($runs runs each)..." >&2
t_doctor=$(median "$doctor analyze $typical --format json --output /dev/null")
tar -czf "$work/typical.tar.gz" -C "$work/typical" node-000
t_doctor_tgz=$(median "$doctor analyze $work/typical.tar.gz --format json --output /dev/null")
t_bare=$(median "$java_bin -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp $here/target/bench-classes io.rocedoctor.bench.ReadBundle $typical")
read -r _ rss_typical _ < <(measure "$doctor analyze $typical --format json --output /dev/null")
ratio=$(python3 -c "print('%.1f' % ($t_doctor / $t_bare))")

echo "bench: 100 and $fleet_big bundles in one process..." >&2
read -r w100 rss100 cpu100 < <(measure "$doctor analyze $work/fleet100 --format json --output /dev/null")
read -r wbig rssbig cpubig < <(measure "$doctor analyze $work/fleetbig --format json --output /dev/null")
rate100=$(python3 -c "print('%.0f' % (100 / $w100))")
ratebig=$(python3 -c "print('%.0f' % ($fleet_big / $wbig))")
rss_growth=$(python3 -c "print('%+.0f%%' % (100.0 * ($rssbig - $rss100) / $rss100))")
# What reading alone allows: the bare reader over the same bundles, as many threads as analyze's jobs.
read -r wread _ < <(measure "$java_bin -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp $here/target/bench-classes io.rocedoctor.bench.ReadBundle --threads $(nproc) $work/fleetbig/node-*")
rateread=$(python3 -c "print('%.0f' % ($fleet_big / $wread))")

# A JDK 25+ beside the default one (Temurin's under /usr/lib/jvm here): the launcher then uses an AOT
# cache instead of a CDS archive; the same cold analyze and bare reader on it.
aot_rows=""
for home in ${BENCH_AOT_JAVA_HOME:-/usr/lib/jvm/*}; do
  v="$("$home/bin/java" -version 2>&1 | head -n 1 | sed -E 's/^[^"]*"([0-9]+).*/\1/')" || continue
  if [ "${v:-0}" -ge 25 ] 2>/dev/null; then
    echo "bench: cold analyze on JDK $v with its AOT cache ($home)..." >&2
    JAVA_HOME="$home" "$doctor" --version >/dev/null
    t_aot=$(median "JAVA_HOME=$home $doctor analyze $typical --format json --output /dev/null")
    t_aot_bare=$(median "$home/bin/java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp $here/target/bench-classes io.rocedoctor.bench.ReadBundle $typical")
    aot_rows=$'\n'"| cold \`analyze\` of the same bundle on JDK $v (JAVA_HOME), with its AOT cache | ${t_aot} s; bare reader ${t_aot_bare} s; ratio $(python3 -c "print('%.1f' % ($t_aot / $t_aot_bare))")x | <= 0.6 s, <= 3x |"
    break
  fi
done

echo "bench: the large host ($irq_lines IRQ lines x 256 CPUs)..." >&2
t_large=$(median "$doctor analyze $large --format json --output /dev/null")
read -r _ rss_large _ < <(measure "$doctor analyze $large --format json --output /dev/null")

# A real sosreport of this machine, when sos is installed and may run (root): roce-doctor's time on
# it, next to insights-core's parsers when that is installed (it is on PyPI only, unreachable here).
sos_row="| real sosreport of this machine | not measured: sos not installed or not root | |"
sos_cpu_rows=""
insights_row="| insights-core parsers on the same sosreport | not measured: insights-core not installed | roce-doctor >= 2x faster |"
if command -v sos >/dev/null && [ "$(id -u)" = 0 ]; then
  echo "bench: a real sosreport of this machine..." >&2
  mkdir -p "$work/sos"
  if sos report --batch --quiet --tmp-dir "$work/sos" -o networking,pci,processor,kernel,numa,hardware >/dev/null 2>&1; then
    sosfile="$(ls "$work"/sos/sosreport-*.tar.* 2>/dev/null | head -n 1)"
    if [ -n "$sosfile" ]; then
      t_sos=$(median "$doctor analyze $sosfile --format json --output /dev/null")
      sos_row="| \`analyze\` of a real sosreport of this machine ($(basename "$sosfile" | cut -c1-40)...) | ${t_sos} s | |"
      echo "bench: CPU per sosreport in one process (100 copies, as .tar.xz and as folders)..." >&2
      mkdir -p "$work/sos/copies" "$work/sos/folders"
      for i in $(seq -w 1 100); do
        cp "$sosfile" "$work/sos/copies/sos-$i.tar.xz"
        mkdir -p "$work/sos/folders/$i" && tar -xf "$sosfile" -C "$work/sos/folders/$i"
      done
      sos_cpu_rows=$'\n'"| CPU per further sosreport in one process, \`.tar.xz\` | $(per_bundle_ms "$work"/sos/copies/*) ms | <= 8 ms (xz alone decodes it in more) |"
      sos_cpu_rows+=$'\n'"| CPU per further sosreport in one process, extracted folder | $(per_bundle_ms "$work"/sos/folders/*/sosreport-*) ms | <= 8 ms |"
      if python3 -c 'import insights' 2>/dev/null; then
        mkdir -p "$work/sos/x" && tar -xf "$sosfile" -C "$work/sos/x"
        sosdir="$(ls -d "$work"/sos/x/sosreport-* | head -n 1)"
        t_ins=$(median "python3 -m insights.collect >/dev/null 2>&1; insights-run -p insights.parsers.ethtool,insights.parsers.interrupts,insights.parsers.lspci,insights.parsers.sysctl,insights.parsers.bond,insights.parsers.lscpu,insights.parsers.numa_cpus $sosdir")
        insights_row="| insights-core parsers on the same sosreport | ${t_ins} s ($(python3 -c "print('%.1f' % ($t_ins / $t_sos))")x roce-doctor's time) | roce-doctor >= 2x faster |"
      fi
    fi
  fi
fi

echo "bench: CPU per further bundle in one process (typical folders and .tar.gz)..." >&2
mkdir -p "$work/tgz"
for d in "$work"/fleet100/node-*; do tar -czf "$work/tgz/$(basename "$d").tar.gz" -C "$work/fleet100" "$(basename "$d")"; done
cpu_folder=$(per_bundle_ms "$work"/fleet100/node-*)
cpu_tgz=$(per_bundle_ms "$work"/tgz/*.tar.gz)

cpu="$(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)"
jdk="$("$java_bin" -version 2>&1 | head -n 1)"
load="$(cut -d' ' -f1-3 /proc/loadavg)"
table="$(cat <<TABLE
Measured $(date -u +%Y-%m-%dT%H:%MZ) on $(nproc) CPUs ($cpu), $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $jdk;
load average before the run: $load. Medians of $runs runs$(command -v hyperfine >/dev/null && echo " (hyperfine)").

| case | figure | target |
|---|---|---|
| cold \`analyze\` of a typical bundle (2 NICs x 2 ports, 64 CPUs, 2 samples) | ${t_doctor} s, ${rss_typical} MB peak RSS | <= 0.6 s, <= 200 MB |
| cold \`analyze\` of the same bundle as \`.tar.gz\` | ${t_doctor_tgz} s | <= 0.55 s, no slower than the folder |
| bare Java reading the same files (src/bench/java) | ${t_bare} s | |
| ratio analyze / bare reader | ${ratio}x | <= 3x |${aot_rows}
| 100 bundles in one process | ${w100} s, ${rate100} bundles/s, ${rss100} MB peak RSS; ${cpu100} s of CPU | >= 150 bundles/s |
| ${fleet_big} bundles in one process | ${wbig} s, ${ratebig} bundles/s, ${rssbig} MB peak RSS (${rss_growth} vs 100); ${cpubig} s of CPU | >= 150 bundles/s, RSS within 10% |
| bare reader over the same ${fleet_big} bundles, $(nproc) threads (reading alone) | ${wread} s, ${rateread} bundles/s | |
| large host: 16 NICs x 2 ports, 256 CPUs, ${irq_lines} IRQ lines x 256 columns | ${t_large} s, ${rss_large} MB peak RSS | <= 1 s |
| CPU per further typical bundle in one process, folder | ${cpu_folder} ms | <= 12 ms |
| CPU per further typical bundle in one process, \`.tar.gz\` | ${cpu_tgz} ms | <= 12 ms |
${sos_row}${sos_cpu_rows}
${insights_row}
TABLE
)"
echo "$table"
python3 "$here/scripts/bench-table.py" "$here/docs/performance.md" bench "Last run" "$table"
echo "bench: table written to docs/performance.md" >&2

# The service's targets (issue 21): a table of their own in docs/performance.md.
if [ "$serve" = 1 ]; then "$here/scripts/bench-serve.sh" ${quick:+"$quick"}; fi
