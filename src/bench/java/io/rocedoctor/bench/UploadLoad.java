package io.rocedoctor.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The load of scripts/bench.sh's serve targets, in plain JDK (java.net.http): CLIENTS threads
 * upload the .tar.gz files of a folder to {@code roce-doctor serve} in turn, round and round, for
 * SECONDS seconds or until {@code --uploads N} uploads, and print one line:
 * {@code uploads=N seconds=S rate=R statuses={201=N} ack_p50_ms=A ack_p99_ms=B client_cpu_ms=C}
 * (C: this client's own CPU time, kept apart from the server's). With {@code --await} each client
 * waits until the upload is analysed and stored, as a real client would, on the service's answer to
 * {@code GET /api/v1/bundles/ID?wait=20} (it answers once the result is stored: polling every 5 ms
 * cost the server more CPU than the analysis), and the line adds {@code done_p50_ms} and
 * {@code done_p99_ms}: upload start to a done state, with no queue.
 *
 * <p>Every upload is distinct, so the service never answers one as a duplicate: the gzip header's
 * MTIME field (RFC 1952, 2.3.1: bytes 4 to 7, not covered by the trailer's CRC, and no header CRC
 * unless FHCRC is set, which gzip does not set) is stamped with the upload's number and the case's
 * hash. The archive inside is byte for byte the file's, so the analysis is that of the file; a few
 * hundred synthesized bundles give a minute of load (thousands of them took longer to synthesize
 * than the benchmark ran).
 * Usage: java UploadLoad BASE_URL TOKEN CASE FOLDER CLIENTS SECONDS [--await] [--uploads N]
 */
public final class UploadLoad {
    public static void main(String[] args) throws Exception {
        String base = args[0];
        String token = args[1];
        String caseName = args[2];
        List<Path> files;
        try (Stream<Path> s = Files.list(Path.of(args[3]))) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".tar.gz"))
                    .sorted()
                    .toList();
        }
        int clients = Integer.parseInt(args[4]);
        long until = System.nanoTime() + Long.parseLong(args[5]) * 1_000_000_000L;
        List<String> options = List.of(args).subList(6, args.length);
        boolean await = options.contains("--await");
        int most = options.contains("--uploads")
                ? Integer.parseInt(options.get(options.indexOf("--uploads") + 1))
                : Integer.MAX_VALUE;
        // Apart between cases: each phase of the benchmark uploads to its own case.
        int stampBase = (caseName.hashCode() & 0xfff) << 20;
        List<byte[]> contents = new ArrayList<>();
        for (Path f : files) {
            contents.add(Files.readAllBytes(f));
        }
        Pattern idField = Pattern.compile("\"id\"\\s*:\\s*([0-9]+)");
        Pattern statusField = Pattern.compile("\"status\"\\s*:\\s*\"([a-z]+)\"");
        List<Long> doneNanos = Collections.synchronizedList(new ArrayList<>());
        HttpClient http = HttpClient.newBuilder().build();
        AtomicInteger next = new AtomicInteger();
        AtomicLong lastEnd = new AtomicLong();
        Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
        List<Long> ackNanos = Collections.synchronizedList(new ArrayList<>());
        long start = System.nanoTime();
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            Thread t = new Thread(() -> {
                while (System.nanoTime() < until) {
                    int i = next.getAndIncrement();
                    if (i >= most) {
                        return;
                    }
                    Path f = files.get(i % files.size());
                    byte[] upload = stamped(contents.get(i % files.size()), stampBase + i);
                    long t0 = System.nanoTime();
                    int status;
                    String body = "";
                    try {
                        HttpRequest r = HttpRequest.newBuilder(URI.create(
                                        base + "/api/v1/cases/" + caseName + "/bundles?name=" + f.getFileName()))
                                .header("Authorization", "Bearer " + token)
                                .header("Content-Type", "application/octet-stream")
                                .POST(HttpRequest.BodyPublishers.ofByteArray(upload))
                                .build();
                        HttpResponse<String> answer = http.send(r, HttpResponse.BodyHandlers.ofString());
                        status = answer.statusCode();
                        body = answer.body();
                    } catch (Exception e) {
                        status = -1;
                    }
                    long t1 = System.nanoTime();
                    Matcher id = idField.matcher(body);
                    if (await && status == 201 && id.find()) {
                        String state = "queued";
                        while (state.equals("queued") || state.equals("analysing")) {
                            try {
                                // The service answers once the result is stored (or after 20 s): no polling.
                                String s = http.send(
                                                HttpRequest.newBuilder(URI.create(
                                                                base + "/api/v1/bundles/" + id.group(1) + "?wait=20"))
                                                        .header("Authorization", "Bearer " + token)
                                                        .build(),
                                                HttpResponse.BodyHandlers.ofString())
                                        .body();
                                Matcher m = statusField.matcher(s);
                                state = m.find() ? m.group(1) : "unknown";
                            } catch (Exception e) {
                                state = "unknown";
                            }
                        }
                        if (state.equals("done")) {
                            doneNanos.add(System.nanoTime() - t0);
                        } else {
                            status = -2;
                        }
                    }
                    ackNanos.add(t1 - t0);
                    lastEnd.accumulateAndGet(t1, Math::max);
                    statuses.computeIfAbsent(status, k -> new AtomicInteger()).incrementAndGet();
                }
            });
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        double seconds = (lastEnd.get() - start) / 1e9;
        long[] acks = ackNanos.stream().mapToLong(Long::longValue).sorted().toArray();
        int n = acks.length;
        long[] done = doneNanos.stream().mapToLong(Long::longValue).sorted().toArray();
        System.out.printf(
                "uploads=%d seconds=%.1f rate=%.1f statuses=%s ack_p50_ms=%.0f ack_p99_ms=%.0f exhausted=%b client_cpu_ms=%d%s%n",
                n,
                seconds,
                n / seconds,
                new TreeMap<>(statuses),
                pct(acks, 0.50) / 1e6,
                pct(acks, 0.99) / 1e6,
                next.get() >= most,
                ProcessHandle.current()
                        .info()
                        .totalCpuDuration()
                        .map(java.time.Duration::toMillis)
                        .orElse(-1L),
                await
                        ? String.format(
                                " done_p50_ms=%.0f done_p99_ms=%.0f", pct(done, 0.50) / 1e6, pct(done, 0.99) / 1e6)
                        : "");
    }

    /** The gzip file with its MTIME set to {@code stamp}, so that its sha256 is its own; other files as they are. */
    private static byte[] stamped(byte[] file, int stamp) {
        byte[] copy = file.clone();
        if (copy.length > 8 && (copy[0] & 0xff) == 0x1f && (copy[1] & 0xff) == 0x8b && (copy[3] & 0x02) == 0) {
            for (int b = 0; b < 4; b++) {
                copy[4 + b] = (byte) (stamp >>> (8 * b));
            }
        }
        return copy;
    }

    private static double pct(long[] sorted, double q) {
        return sorted.length == 0 ? 0 : sorted[Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1)];
    }

    private UploadLoad() {}
}
