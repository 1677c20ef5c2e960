#!/usr/bin/env bash
# The serve targets of issue 21, measured against the packaged `roce-doctor serve` (H2, 2 workers):
#   1. latency: one client uploads typical synthesized bundles (2 NICs x 2 ports, 64 CPUs, 2 samples,
#      .tar.gz) one at a time and waits for each to be analysed and stored (p50/p99 from the start of
#      the upload to the done state, so no queue is in it), after a warm-up of the same kind;
#   2. throughput: 8 concurrent clients upload distinct bundles for 60 s (uploads/s, statuses), then
#      the time until the queue has analysed them all, and the server's RSS every 5 s (flat memory).
# The load is src/bench/java/io/rocedoctor/bench/UploadLoad.java (plain JDK). Writes its table into
# docs/performance.md between <!-- bench-serve:begin --> and <!-- bench-serve:end -->.
# Usage: scripts/bench-serve.sh [--quick]   (--quick: 15 s of load instead of 60)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
seconds=60
if [ "${1:-}" = "--quick" ]; then seconds=15; fi
clients=8
# Enough distinct bundles for 60 s at twice the target rate, plus the latency runs.
hosts=$((seconds * 60 + 300))

work="$(mktemp -d "${TMPDIR:-/tmp}/roce-bench-serve.XXXXXX")"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
doctor="$here/roce-doctor"
java_bin="${JAVA_HOME:+$JAVA_HOME/bin/}java"

"$doctor" --version >/dev/null
mkdir -p target/bench-classes
javac -d target/bench-classes src/bench/java/io/rocedoctor/bench/UploadLoad.java

echo "bench-serve: synthesizing $hosts typical bundles as .tar.gz..." >&2
"$doctor" synth --out "$work/synth" --hosts "$hosts" --seed 11 >/dev/null
mkdir -p "$work/warm" "$work/latency" "$work/load"
i=0
for d in "$work"/synth/node-*; do
  n="$(basename "$d")"
  if [ $i -lt 100 ]; then to=warm; elif [ $i -lt 300 ]; then to=latency; else to=load; fi
  tar -C "$work/synth" -czf "$work/$to/$n.tar.gz" "$n"
  i=$((i + 1))
done
bundle_kb=$(du -k "$work/latency" | awk -v n=200 '{printf "%.0f", $1 / n}')
rm -rf "$work/synth"

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
"$java_bin" -jar target/roce-doctor.jar serve --data "$work/data" --listen "127.0.0.1:$port" >"$work/serve.out" 2>"$work/serve.err" &
server_pid=$!
for _ in $(seq 120); do curl -sf "$base/readyz" >/dev/null 2>&1 && break; sleep 1; done
curl -sf "$base/readyz" >/dev/null || { echo "bench-serve: the service did not start:" >&2; tail -n 20 "$work/serve.err" >&2; exit 1; }
token=$("$java_bin" -jar target/roce-doctor.jar serve token create --data "$work/data" --role engineer | awk '{print $NF}')
load() { "$java_bin" -cp target/bench-classes io.rocedoctor.bench.UploadLoad "$base" "$token" "$@"; }
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<" $2"; }
queue_depth() { curl -s "$base/metrics" | awk '/^roce_doctor_queue_depth/ {printf "%d", $2}'; }
rss_mb() { awk '/VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$server_pid/status"; }
cpu_s() { awk '{printf "%.1f", ($14 + $15) / '"$(getconf CLK_TCK)"'}' "/proc/$server_pid/stat"; }

echo "bench-serve: warm-up (100 uploads, $clients clients)..." >&2
load SR-WARM "$work/warm" "$clients" 600 >/dev/null
while [ "$(queue_depth)" != 0 ]; do sleep 1; done

echo "bench-serve: latency (200 uploads, one at a time, each awaited)..." >&2
cpu0=$(cpu_s)
latency=$(load SR-LATENCY "$work/latency" 1 600 --await)
cpu1=$(cpu_s)
cpu_per_bundle=$(python3 -c "print('%.0f' % (1000 * ($cpu1 - $cpu0) / 200))")

echo "bench-serve: throughput ($clients clients, $seconds s)..." >&2
rss_start=$(rss_mb)
( while kill -0 "$server_pid" 2>/dev/null; do echo "$(date +%s) $(rss_mb)"; sleep 5; done ) >"$work/rss.txt" &
sampler=$!
t0=$(date +%s.%N)
throughput=$(load SR-LOAD "$work/load" "$clients" "$seconds")
while [ "$(queue_depth)" != 0 ]; do sleep 1; done
t1=$(date +%s.%N)
kill "$sampler" 2>/dev/null || true
uploaded=$(field uploads "$throughput")
drained=$(python3 -c "print('%.0f' % ($t1 - $t0))")
analysed_rate=$(python3 -c "print('%.1f' % ($uploaded / ($t1 - $t0)))")
rss_series=$(awk '{print $2}' "$work/rss.txt" | paste -sd ' ')
rss_max=$(awk 'BEGIN {m = 0} $2 > m {m = $2} END {print m}' "$work/rss.txt")
rss_end=$(rss_mb)
failed=$(curl -s -H "Authorization: Bearer $token" "$base/api/v1/cases/SR-LOAD" | grep -o '"status":"failed"' | wc -l)

cpu="$(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)"
jdk="$("$java_bin" -version 2>&1 | head -n 1)"
table="$(cat <<TABLE
Measured $(date -u +%Y-%m-%dT%H:%MZ) on $(nproc) CPUs ($cpu), $jdk; load average before the run: $(cut -d' ' -f1-3 /proc/loadavg).
The packaged \`serve\` (H2, 2 workers); typical synthesized bundles, ${bundle_kb} KB each as .tar.gz.

| case | figure | target |
|---|---|---|
| an upload analysed and stored, one at a time (upload start to done, 200 bundles after 100 for warm-up) | p50 $(field done_p50_ms "$latency") ms, p99 $(field done_p99_ms "$latency") ms; acknowledged in p50 $(field ack_p50_ms "$latency") ms; ${cpu_per_bundle} ms of server CPU per bundle | p50 <= 60 ms, p99 <= 200 ms |
| $clients concurrent clients uploading for ${seconds} s | $(field rate "$throughput") uploads/s ($uploaded uploads, statuses $(field statuses "$throughput")), acknowledged in p50 $(field ack_p50_ms "$throughput") ms, p99 $(field ack_p99_ms "$throughput") ms | >= 30 uploads/s, no error |
| the same uploads analysed and stored | all $uploaded after ${drained} s: ${analysed_rate} bundles/s; $failed failed | |
| server RSS during the load (every 5 s) | ${rss_start} MB at the start, ${rss_max} MB at most, ${rss_end} MB at the end ($rss_series) | flat |
TABLE
)"
echo "$table"
python3 "$here/scripts/bench-table.py" "$here/docs/performance.md" bench-serve "The service (scripts/bench-serve.sh)" "$table"
echo "bench-serve: table written to docs/performance.md" >&2
