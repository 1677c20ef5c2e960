#!/usr/bin/env bash
# The serve targets of issue 21, measured against the packaged `roce-doctor serve` (H2, 2 workers):
#   1. latency: one client uploads typical synthesized bundles (2 NICs x 2 ports, 64 CPUs, 2 samples,
#      .tar.gz) one at a time and waits for each to be analysed and stored, after a warm-up of the same
#      kind (300 uploads, so that the JIT has compiled the pipeline): p50/p99 server-side (claim to committed result, the service's roce_doctor_analysis timer),
#      and as the client sees it (upload start to the done state, awaited on GET /api/v1/bundles/ID?wait=20,
#      as a real client waits: polling every 5 ms cost the server more CPU than the analysis);
#   2. throughput: 8 concurrent clients upload for 60 s (uploads/s, statuses), then the time until the
#      queue has analysed them all, the server's CPU per bundle and its RSS every 5 s (flat memory).
# 300 bundles are synthesized; UploadLoad makes every upload distinct by its gzip header's MTIME, so
# none is a duplicate and the archive inside is unchanged (synthesizing one bundle per upload, ~4,000,
# took longer than the benchmark itself and was why it had never completed).
# The load is src/bench/java/io/rocedoctor/bench/UploadLoad.java (plain JDK). Writes its table into
# docs/performance.md between <!-- bench-serve:begin --> and <!-- bench-serve:end -->.
# The server's CPU per bundle is split by thread: the analysis workers, the JIT compilers, the GC,
# and the rest (HTTP, database, receipts); JIT and GC are the JVM's, not the bundle's.
# Usage: scripts/bench-serve.sh [--quick]   (--quick: 15 s of load instead of 60)
#   ROCE_BENCH_SERVE_BUNDLES=DIR uses the .tar.gz bundles already synthesized there (by an earlier run).
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

if [ -n "${ROCE_BENCH_SERVE_BUNDLES:-}" ]; then
  ln -s "$(cd "$ROCE_BENCH_SERVE_BUNDLES" && pwd)" "$work/bundles"
  hosts=$(find -L "$work/bundles" -name '*.tar.gz' | wc -l)
else
  echo "bench-serve: synthesizing $hosts typical bundles as .tar.gz..." >&2
  "$doctor" synth --out "$work/synth" --hosts "$hosts" --seed 11 >/dev/null
  mkdir -p "$work/bundles"
  for d in "$work"/synth/node-*; do
    tar -C "$work/synth" -czf "$work/bundles/$(basename "$d").tar.gz" "$(basename "$d")"
  done
  rm -rf "$work/synth"
fi
bundle_kb=$(du -kL "$work/bundles" | awk -v n="$hosts" '{printf "%.0f", $1 / n}')

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
# Through the launcher, with its serve options (the bounded heap, G1): $! is the JVM, which it execs.
"$doctor" serve --data "$work/data" --listen "127.0.0.1:$port" >"$work/serve.out" 2>"$work/serve.err" &
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
# The service's histogram of claim-to-committed times (cumulative buckets) now, into a file: two of them
# give the quantiles of the analyses in between. (The timer's p50/p99 of session 7 covered its last two minutes,
# which took in the warm-up's first, JIT-cold and queued analyses: they said p99 209 ms where the
# client saw 91 ms.)
analysis_buckets() {
  curl -s "$base/metrics" | grep '^roce_doctor_analysis_seconds_bucket{' | grep 'outcome="done"' >"$1" || true
}
# "p50 p99" in ms of the analyses between two bucket files, interpolated in a bucket as Prometheus'
# histogram_quantile does.
analysis_quantiles() {
  python3 - "$1" "$2" <<'PY'
import re, sys
def buckets(path):
    out = {}
    for line in open(path):
        m = re.search(r'le="([^"]+)"\}\s+(\S+)', line)
        if m:
            out[float("inf") if m.group(1) == "+Inf" else float(m.group(1))] = float(m.group(2))
    return out
a, b = buckets(sys.argv[1]), buckets(sys.argv[2])
bounds = sorted(b)
counts = [b[x] - a.get(x, 0.0) for x in bounds]
def quantile(q):
    rank, low, below = q * counts[-1], 0.0, 0.0
    for bound, count in zip(bounds, counts):
        if count >= rank:
            if bound == float("inf"):
                return low
            return low + (bound - low) * (rank - below) / max(count - below, 1e-9)
        low, below = bound, count
    return low
print("%.0f %.0f" % (quantile(0.5) * 1000, quantile(0.99) * 1000))
PY
}
# The old generation in use (MB), from the service's JVM metrics: what survived young collections,
# the live data and garbage promoted until a concurrent cycle (G1 starts one at 45% of the heap, so
# jvm_gc_live_data_size_bytes, set by such cycles, stays 0 while the heap is that empty). Flat, if
# nothing grows per upload.
old_mb() {
  curl -s "$base/metrics" \
    | awk 'index($0, "jvm_memory_used_bytes{area=\"heap\"") == 1 && /Old Gen|Tenured/ {s += $NF} END {printf "%.0f", s / 1048576}'
}
# The live heap (MB): jcmd's class histogram collects the whole heap first (a full GC), so what it counts
# is what is reachable, garbage aside. Taken before the load and after the drain: a structure that keeps
# something per bundle grows it; garbage promoted to the old generation does not.
live_mb() {
  jcmd "$server_pid" GC.class_histogram 2>/dev/null | awk '$1 == "Total" {printf "%.0f", $3 / 1048576}'
}
cpu_s() { awk '{printf "%.1f", ($14 + $15) / '"$(getconf CLK_TCK)"'}' "/proc/$server_pid/stat"; }
# The server's CPU seconds so far by thread kind: "analysis jit gc" (threads still alive; the rest is
# the total less these).
cpu_threads() {
  for t in /proc/"$server_pid"/task/*; do
    printf '%s\t%s\n' "$(cat "$t/comm" 2>/dev/null)" "$(cut -d' ' -f14,15 "$t/stat" 2>/dev/null)"
  done | awk -F'\t' -v hz="$(getconf CLK_TCK)" '
    { split($2, c, " "); v = (c[1] + c[2]) / hz }
    $1 ~ /^roce-doctor-ana/ { a += v } $1 ~ /^C[12] Compiler/ { j += v } $1 ~ /^(GC Thread|G1 )/ { g += v }
    END { printf "%.2f %.2f %.2f", a, j, g }'
}
# Per bundle over a phase, in ms: "analysis A, JIT J, GC G, the rest R" from two cpu_s/cpu_threads readings.
cpu_split() {
  python3 - "$@" <<'PY'
import sys
t0, t1, n = float(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
a0, j0, g0 = map(float, sys.argv[4].split()); a1, j1, g1 = map(float, sys.argv[5].split())
a, j, g = (a1 - a0), (j1 - j0), (g1 - g0)
print("analysis workers %.0f, JIT %.0f, GC %.0f, the rest %.0f" % tuple(1000 * x / n for x in (a, j, g, (t1 - t0) - a - j - g)))
PY
}

echo "bench-serve: warm-up (300 uploads, $clients clients)..." >&2
load SR-WARM "$work/bundles" "$clients" 600 --uploads 300 >/dev/null
drain

echo "bench-serve: latency (200 uploads, one at a time, each awaited)..." >&2
cpu0=$(cpu_s); threads0=$(cpu_threads); analysis_buckets "$work/buckets0"
latency=$(load SR-LATENCY "$work/bundles" 1 600 --await --uploads 200)
cpu1=$(cpu_s); threads1=$(cpu_threads); analysis_buckets "$work/buckets1"
cpu_per_bundle=$(python3 -c "print('%.0f' % (1000 * ($cpu1 - $cpu0) / 200))")
latency_split=$(cpu_split "$cpu0" "$cpu1" 200 "$threads0" "$threads1")
read -r server_p50 server_p99 < <(analysis_quantiles "$work/buckets0" "$work/buckets1")

echo "bench-serve: throughput ($clients clients, $seconds s)..." >&2
live_start=$(live_mb)
rss_start=$(rss_mb)
cpu2=$(cpu_s); threads2=$(cpu_threads)
( while kill -0 "$server_pid" 2>/dev/null; do echo "$(date +%s) $(rss_mb) $(old_mb)"; sleep 5; done ) >"$work/rss.txt" &
sampler=$!
t0=$(date +%s.%N)
throughput=$(load SR-LOAD "$work/bundles" "$clients" "$seconds")
drain
t1=$(date +%s.%N)
kill "$sampler" 2>/dev/null || true
cpu3=$(cpu_s); threads3=$(cpu_threads)
live_end=$(live_mb)
uploaded=$(field uploads "$throughput")
load_split=$(cpu_split "$cpu2" "$cpu3" "$uploaded" "$threads2" "$threads3")
load_cpu_per_bundle=$(python3 -c "print('%.0f' % (1000 * ($cpu3 - $cpu2) / max(1, $uploaded)))")
drained=$(python3 -c "print('%.0f' % ($t1 - $t0))")
analysed_rate=$(python3 -c "print('%.1f' % ($uploaded / ($t1 - $t0)))")
rss_series=$(awk '{print $2}' "$work/rss.txt" | paste -sd ' ')
rss_max=$(awk 'BEGIN {m = 0} $2 > m {m = $2} END {print m}' "$work/rss.txt")
rss_end=$(rss_mb)
old_series=$(awk '{print $3}' "$work/rss.txt" | paste -sd ' ')
heap_max=$(curl -s "$base/metrics" | awk 'index($0, "jvm_memory_max_bytes{area=\"heap\"") == 1 && $NF > m {m = $NF} END {printf "%.0f", m / 1048576}')
failed=$(curl -s -H "Authorization: Bearer $token" "$base/api/v1/cases/SR-LOAD" | { grep -o '"status":"failed"' || true; } | wc -l)

cpu="$(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)"
jdk="$("$java_bin" -version 2>&1 | head -n 1)"
table="$(cat <<TABLE
Measured $(date -u +%Y-%m-%dT%H:%MZ) on $(nproc) CPUs ($cpu), $jdk; load average before the run: $(cut -d' ' -f1-3 /proc/loadavg).
The packaged \`serve\` through the launcher (H2, 2 workers, its heap options); typical synthesized bundles, ${bundle_kb} KB each as .tar.gz.

| case | figure | target |
|---|---|---|
| an upload analysed and stored, one at a time (upload start to done, 200 bundles after 300 for warm-up) | p50 ${server_p50} ms, p99 ${server_p99} ms server-side (claim to committed); upload start to done as the client sees it p50 $(field done_p50_ms "$latency") ms, p99 $(field done_p99_ms "$latency") ms; acknowledged in p50 $(field ack_p50_ms "$latency") ms; ${cpu_per_bundle} ms of server CPU per bundle ($latency_split; the client's own: $(python3 -c "print('%.0f' % ($(field client_cpu_ms "$latency") / 200))") ms per bundle, apart) | p50 <= 60 ms, p99 <= 200 ms |
| $clients concurrent clients uploading for ${seconds} s | $(field rate "$throughput") uploads/s ($uploaded uploads, statuses $(field statuses "$throughput")), acknowledged in p50 $(field ack_p50_ms "$throughput") ms, p99 $(field ack_p99_ms "$throughput") ms | >= 30 uploads/s, no error |
| the same uploads analysed and stored | all $uploaded after ${drained} s: ${analysed_rate} bundles/s; $failed failed; ${load_cpu_per_bundle} ms of server CPU per bundle ($load_split) | |
| server RSS during the load (every 5 s) | ${rss_start} MB at the start, ${rss_max} MB at most, ${rss_end} MB at the end ($rss_series); heap bound ${heap_max} MB | flat |
| the heap's old generation in use, sampled with the RSS | $old_series MB | flat |
| the live heap (after a full collection) before the load and after the drain | ${live_start} MB, then ${live_end} MB after the $uploaded bundles | flat |
TABLE
)"
echo "$table"
python3 "$here/scripts/bench-table.py" "$here/docs/performance.md" bench-serve "The service (scripts/bench-serve.sh)" "$table"
echo "bench-serve: table written to docs/performance.md" >&2
