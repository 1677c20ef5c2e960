#!/usr/bin/env bash
# The serve targets of issue 21, measured against the packaged `roce-doctor serve` (H2, 2 workers):
#   1. latency: one client uploads typical synthesized bundles (2 NICs x 2 ports, 64 CPUs, 2 samples,
#      .tar.gz) one at a time and waits for each to be analysed and stored, after a warm-up of the same
#      kind: p50/p99 server-side (claim to committed result, the service's roce_doctor_analysis timer),
#      and as the client sees it (upload start to the done state, awaited on GET /api/v1/bundles/ID?wait=20,
#      as a real client waits: polling every 5 ms cost the server more CPU than the analysis);
#   2. throughput: 8 concurrent clients upload for 60 s (uploads/s, statuses), then the time until the
#      queue has analysed them all, the server's CPU per bundle and its RSS every 5 s (flat memory).
# 300 bundles are synthesized; UploadLoad makes every upload distinct by its gzip header's MTIME, so
# none is a duplicate and the archive inside is unchanged (synthesizing one bundle per upload, ~4,000,
# took longer than the benchmark itself and was why it had never completed).
# The load is src/bench/java/io/rocedoctor/bench/UploadLoad.java (plain JDK). Writes its table into
# docs/performance.md between <!-- bench-serve:begin --> and <!-- bench-serve:end -->.
# Usage: scripts/bench-serve.sh [--quick]   (--quick: 15 s of load instead of 60)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
seconds=60
if [ "${1:-}" = "--quick" ]; then seconds=15; fi
clients=8
hosts=300
work="$(mktemp -d "${TMPDIR:-/tmp}/roce-bench-serve.XXXXXX")"
server_pid=""
sampler=""
cleanup() {
  if [ -n "$sampler" ]; then kill "$sampler" 2>/dev/null || true; fi
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
mkdir -p "$work/bundles"
for d in "$work"/synth/node-*; do
  tar -C "$work/synth" -czf "$work/bundles/$(basename "$d").tar.gz" "$(basename "$d")"
done
bundle_kb=$(du -k "$work/bundles" | awk -v n="$hosts" '{printf "%.0f", $1 / n}')

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
# Waits until the queue is empty (at most 30 minutes: a server that stopped answering ends the run).
drain() {
  for _ in $(seq 1800); do
    [ "$(queue_depth)" = 0 ] && return 0
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 1
  done
  echo "bench-serve: the queue did not drain (depth '$(queue_depth)'):" >&2
  tail -n 20 "$work/serve.err" >&2
  exit 1
}
analysis_ms() {
  curl -s "$base/metrics" \
    | awk -v q="$1" 'index($0, "roce_doctor_analysis_seconds{") == 1 && index($0, "outcome=\"done\"") && index($0, "quantile=\"" q "\"") {printf "%.0f", $2 * 1000}'
}
cpu_s() { awk '{printf "%.1f", ($14 + $15) / '"$(getconf CLK_TCK)"'}' "/proc/$server_pid/stat"; }

echo "bench-serve: warm-up (100 uploads, $clients clients)..." >&2
load SR-WARM "$work/bundles" "$clients" 600 --uploads 100 >/dev/null
drain

echo "bench-serve: latency (200 uploads, one at a time, each awaited)..." >&2
cpu0=$(cpu_s)
latency=$(load SR-LATENCY "$work/bundles" 1 600 --await --uploads 200)
cpu1=$(cpu_s)
cpu_per_bundle=$(python3 -c "print('%.0f' % (1000 * ($cpu1 - $cpu0) / 200))")
# The service's own timer (claim to committed result) over its last two minutes: the latency runs.
server_p50=$(analysis_ms 0.5)
server_p99=$(analysis_ms 0.99)

echo "bench-serve: throughput ($clients clients, $seconds s)..." >&2
rss_start=$(rss_mb)
cpu2=$(cpu_s)
( while kill -0 "$server_pid" 2>/dev/null; do echo "$(date +%s) $(rss_mb)"; sleep 5; done ) >"$work/rss.txt" &
sampler=$!
t0=$(date +%s.%N)
throughput=$(load SR-LOAD "$work/bundles" "$clients" "$seconds")
drain
t1=$(date +%s.%N)
kill "$sampler" 2>/dev/null || true
cpu3=$(cpu_s)
uploaded=$(field uploads "$throughput")
load_cpu_per_bundle=$(python3 -c "print('%.0f' % (1000 * ($cpu3 - $cpu2) / max(1, $uploaded)))")
drained=$(python3 -c "print('%.0f' % ($t1 - $t0))")
analysed_rate=$(python3 -c "print('%.1f' % ($uploaded / ($t1 - $t0)))")
rss_series=$(awk '{print $2}' "$work/rss.txt" | paste -sd ' ')
rss_max=$(awk 'BEGIN {m = 0} $2 > m {m = $2} END {print m}' "$work/rss.txt")
rss_end=$(rss_mb)
failed=$(curl -s -H "Authorization: Bearer $token" "$base/api/v1/cases/SR-LOAD" | { grep -o '"status":"failed"' || true; } | wc -l)

cpu="$(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)"
jdk="$("$java_bin" -version 2>&1 | head -n 1)"
table="$(cat <<TABLE
Measured $(date -u +%Y-%m-%dT%H:%MZ) on $(nproc) CPUs ($cpu), $jdk; load average before the run: $(cut -d' ' -f1-3 /proc/loadavg).
The packaged \`serve\` (H2, 2 workers); typical synthesized bundles, ${bundle_kb} KB each as .tar.gz.

| case | figure | target |
|---|---|---|
| an upload analysed and stored, one at a time (upload start to done, 200 bundles after 100 for warm-up) | p50 ${server_p50} ms, p99 ${server_p99} ms server-side (claim to committed); upload start to done as the client sees it p50 $(field done_p50_ms "$latency") ms, p99 $(field done_p99_ms "$latency") ms; acknowledged in p50 $(field ack_p50_ms "$latency") ms; ${cpu_per_bundle} ms of server CPU per bundle (the client's own: $(python3 -c "print('%.0f' % ($(field client_cpu_ms "$latency") / 200))") ms per bundle, apart) | p50 <= 60 ms, p99 <= 200 ms |
| $clients concurrent clients uploading for ${seconds} s | $(field rate "$throughput") uploads/s ($uploaded uploads, statuses $(field statuses "$throughput")), acknowledged in p50 $(field ack_p50_ms "$throughput") ms, p99 $(field ack_p99_ms "$throughput") ms | >= 30 uploads/s, no error |
| the same uploads analysed and stored | all $uploaded after ${drained} s: ${analysed_rate} bundles/s; $failed failed; ${load_cpu_per_bundle} ms of server CPU per bundle | |
| server RSS during the load (every 5 s) | ${rss_start} MB at the start, ${rss_max} MB at most, ${rss_end} MB at the end ($rss_series) | flat |
TABLE
)"
echo "$table"
python3 "$here/scripts/bench-table.py" "$here/docs/performance.md" bench-serve "The service (scripts/bench-serve.sh)" "$table"
echo "bench-serve: table written to docs/performance.md" >&2
