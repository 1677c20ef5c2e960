package io.rocedoctor.bundle;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A bundle as read: an index from each source to its captures per sample, and the bundle's own
 * description. Text is read on demand, so a bundle's raw outputs are not held in memory once
 * their facts are built. An archive's files are held in memory ({@link MemoryFileSystem}) as
 * long as its bundle; closing a bundle given a scratch folder removes that folder.
 */
public final class Bundle implements AutoCloseable {

    /** A host port facing a switch port, as the manifest's {@code links:} says. */
    public record Link(String hostPort, String switchName, String switchPort) {}

    private final Path input;
    private final Path root;
    private final Layout layout;
    private final String host;
    private final List<SampleTime> sampleTimes;
    private final Map<Source, SortedMap<Integer, Capture>> captures;
    private final List<Source> sorted;
    /** The sources of each kind, sorted once: fact builders ask for a kind many times per host. */
    private final Map<SourceKind, List<Source>> byKind = new EnumMap<>(SourceKind.class);
    /** Counted and collected in the pass that sorts the sources: asked per bundle, a pass over every capture each. */
    private final int sampleCount;

    private final List<Capture> failedCaptures;

    private final List<String> unknownFiles;
    private final List<String> refusals;
    private final List<Link> links;
    private final List<String> redacted;
    private final String collector;
    private final String machine;
    private final Map<String, Path> switchRoots;
    private final List<String> discoveredRdmaDevices;
    private final Path scratch;
    /** Captures whose text the reader holds: a slice of a file (a sysinfo-snapshot section), not the whole file. */
    private final Map<Capture, String> heldTexts;

    Bundle(
            Path input,
            Path root,
            Layout layout,
            String host,
            String machine,
            String collector,
            List<SampleTime> sampleTimes,
            Map<Source, SortedMap<Integer, Capture>> captures,
            List<String> unknownFiles,
            List<String> refusals,
            List<Link> links,
            List<String> redacted,
            Map<String, Path> switchRoots,
            List<String> discoveredRdmaDevices,
            Path scratch) {
        this(
                input,
                root,
                layout,
                host,
                machine,
                collector,
                sampleTimes,
                captures,
                unknownFiles,
                refusals,
                links,
                redacted,
                switchRoots,
                discoveredRdmaDevices,
                scratch,
                Map.of());
    }

    Bundle(
            Path input,
            Path root,
            Layout layout,
            String host,
            String machine,
            String collector,
            List<SampleTime> sampleTimes,
            Map<Source, SortedMap<Integer, Capture>> captures,
            List<String> unknownFiles,
            List<String> refusals,
            List<Link> links,
            List<String> redacted,
            Map<String, Path> switchRoots,
            List<String> discoveredRdmaDevices,
            Path scratch,
            Map<Capture, String> heldTexts) {
        this.heldTexts = heldTexts;
        this.input = input;
        this.root = root;
        this.layout = layout;
        this.host = host;
        this.machine = machine;
        this.collector = collector;
        this.sampleTimes = List.copyOf(sampleTimes);
        this.captures = captures;
        // Sorted once, by the rendering each source makes once and keeps (Source.compareTo).
        Source[] inOrder = captures.keySet().toArray(new Source[0]);
        Arrays.sort(inOrder);
        this.sorted = List.of(inOrder);
        int lastSample = this.sampleTimes.stream().mapToInt(SampleTime::n).max().orElse(0);
        List<Capture> failed = new ArrayList<>();
        for (Source s : sorted) {
            byKind.computeIfAbsent(s.kind(), k -> new ArrayList<>()).add(s);
            SortedMap<Integer, Capture> bySample = captures.get(s);
            lastSample = Math.max(lastSample, bySample.lastKey());
            for (Capture c : bySample.values()) {
                if (!c.collected()) {
                    failed.add(c); // in source, then sample order
                }
            }
        }
        this.sampleCount = lastSample + 1;
        this.failedCaptures = List.copyOf(failed);
        this.unknownFiles = List.copyOf(unknownFiles);
        this.refusals = List.copyOf(refusals);
        this.links = List.copyOf(links);
        this.redacted = List.copyOf(redacted);
        this.switchRoots = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(switchRoots));
        this.discoveredRdmaDevices = discoveredRdmaDevices == null ? null : List.copyOf(discoveredRdmaDevices);
        this.scratch = scratch;
    }

    public Path input() {
        return input;
    }

    public Path root() {
        return root;
    }

    public Layout layout() {
        return layout;
    }

    /** The host name the bundle reports, or the input's file name when it says none. */
    public String host() {
        return host;
    }

    /**
     * The manifest's {@code machine}: the collector's hash of /etc/machine-id (docs/bundle-format.md),
     * by which apply.sh recognises the host of a redacted bundle; null when the bundle records none.
     */
    public String machine() {
        return machine;
    }

    public String collector() {
        return collector;
    }

    public List<String> unknownFiles() {
        return unknownFiles;
    }

    /** Entries the reader refused (unsafe archive entries, links leaving the bundle). */
    public List<String> refusals() {
        return refusals;
    }

    public List<Link> links() {
        return links;
    }

    public List<String> redacted() {
        return redacted;
    }

    /**
     * The RDMA devices the collector found on the host (its manifest's {@code discovered:}), empty
     * when it found none; absent when the bundle does not say (hand-made, sosreport).
     */
    public Optional<List<String>> discoveredRdmaDevices() {
        return Optional.ofNullable(discoveredRdmaDevices);
    }

    /** Switch dumps by switch name: the folder holding that switch's manifest, commands and fs. */
    public Map<String, Path> switchRoots() {
        return switchRoots;
    }

    /** The number of samples: the highest sample index seen, plus one. */
    public int sampleCount() {
        return sampleCount;
    }

    /** Seconds between two samples, when the manifest says when each was taken. */
    public Optional<Double> secondsBetween(int from, int to) {
        Optional<SampleTime> a = sampleTimes.stream().filter(s -> s.n() == from).findFirst();
        Optional<SampleTime> b = sampleTimes.stream().filter(s -> s.n() == to).findFirst();
        if (a.isEmpty() || b.isEmpty()) {
            return Optional.empty();
        }
        double seconds = Duration.between(a.get().at(), b.get().at()).toMillis() / 1000.0;
        return seconds > 0 ? Optional.of(seconds) : Optional.empty();
    }

    public List<SampleTime> sampleTimes() {
        return sampleTimes;
    }

    /** Every source of a kind the bundle has, collected or failed, sorted. */
    public List<Source> sources(SourceKind kind) {
        return new ArrayList<>(byKind.getOrDefault(kind, List.of()));
    }

    /** Every source with at least one capture entry, sorted. */
    public List<Source> allSources() {
        return new ArrayList<>(sorted);
    }

    public Optional<Capture> capture(Source source, int sample) {
        SortedMap<Integer, Capture> bySample = captures.get(source);
        return bySample == null ? Optional.empty() : Optional.ofNullable(bySample.get(sample));
    }

    /** The samples in which this source was captured, in order. */
    public List<Capture> samplesOf(Source source) {
        SortedMap<Integer, Capture> bySample = captures.get(source);
        return bySample == null ? List.of() : List.copyOf(bySample.values());
    }

    /** Captures the manifest lists as failed (no file), with their exit code and error. */
    public List<Capture> failedCaptures() {
        return failedCaptures;
    }

    /** The text of a capture, read as UTF-8 with malformed bytes replaced. */
    public String read(Capture capture) throws IOException {
        String held = heldTexts.get(capture);
        return held != null ? held : readText(capture.file(), MAX_TEXT_BYTES, capture.indexedBytes());
    }

    /** Reads a file inside the bundle as UTF-8, malformed bytes replaced, at most 64 MiB. */
    public static String readText(Path file) throws IOException {
        return readText(file, MAX_TEXT_BYTES, Capture.SIZE_UNKNOWN);
    }

    /** The first {@code limit} bytes of a file, as {@link #readText(Path)} reads them. */
    static String readText(Path file, int limit) throws IOException {
        return readText(file, limit, Capture.SIZE_UNKNOWN);
    }

    /**
     * The first {@code limit} bytes of a file whose size was {@code expectedBytes} when the bundle was
     * indexed ({@link Capture#SIZE_UNKNOWN}: not known). A read that comes back short of what was
     * asked, with the bytes so far equal to that size, ends the file as far as the system knows: the
     * zero-byte read that would confirm it is not made, one system call of two per one-line capture
     * (~1 us of the kernel's on this machine). A file that grew or shrank since is read to its end,
     * and so is one of a whole number of pages: what sysfs-like and FUSE file systems report for a
     * file of any length, whose reads may come back short before its end (FUSE's direct I/O).
     */
    static String readText(Path file, int limit, long expectedBytes) throws IOException {
        long endAt = expectedBytes % PAGE_BYTES == 0 ? Capture.SIZE_UNKNOWN : expectedBytes;
        if (file instanceof MemoryPath held) {
            // An archive's file is decoded from the array it is held in: no channel, no copy of it.
            byte[] bytes = MemoryFileSystemProvider.bytes(held);
            return decode(bytes, Math.min(bytes.length, limit));
        }
        // One open, read to the end and close per capture, decoded from this thread's buffer. A
        // FileInputStream's open asks fstat whether the path is a folder, a system call per capture; a
        // channel asks nothing (a folder's read fails, "Is a directory" for IoReason, as it did through
        // NIO before) and reads through this thread's direct window, where into a heap array the JDK
        // copies through a temporary direct buffer of its own. IoCost (395 files of a typical bundle):
        // ~0.9 of ~7 us a file saved.
        try (SeekableByteChannel channel = Files.newByteChannel(file)) {
            ByteBuffer window = WINDOWS.get();
            byte[] buffer = BUFFERS.get();
            int length = 0;
            while (length < limit) {
                int asked = Math.min(window.capacity(), limit - length);
                window.clear().limit(asked);
                int read = channel.read(window);
                if (read < 0) {
                    break;
                }
                if (length + read > buffer.length) {
                    buffer = Arrays.copyOf(buffer, (int) Math.min(Math.max(2L * buffer.length, length + read), limit));
                }
                window.flip().get(buffer, length, read);
                length += read;
                if (read < asked && length == endAt) {
                    break;
                }
            }
            if (buffer.length <= KEPT_BUFFER_BYTES) {
                BUFFERS.set(buffer);
            }
            return decode(buffer, length);
        }
    }

    /**
     * The UTF-8 text of {@code length} bytes, malformed bytes replaced as a REPLACE decoder does.
     * ASCII, the text of nearly every capture, is found 8 bytes at a time and copied as Latin-1,
     * which it is too: String's UTF-8 decoder looks for a high bit byte by byte, ~0.6 ns a byte
     * under C1 against ~0.1 here. Either way ASCII is kept in one byte per character.
     */
    static String decode(byte[] bytes, int length) {
        long bits = 0;
        int i = 0;
        for (; i + Long.BYTES <= length; i += Long.BYTES) {
            bits |= (long) LONGS.get(bytes, i);
        }
        for (; i < length; i++) {
            bits |= bytes[i];
        }
        return (bits & 0x8080808080808080L) == 0
                ? new String(bytes, 0, length, StandardCharsets.ISO_8859_1)
                : new String(bytes, 0, length, StandardCharsets.UTF_8);
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());

    /** Each reading thread's window onto the system: what a read hands over, copied into its buffer. */
    private static final ThreadLocal<ByteBuffer> WINDOWS =
            ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(64 << 10));

    /** Each reading thread's buffer; one grown past this for a large file is not kept. */
    private static final ThreadLocal<byte[]> BUFFERS = ThreadLocal.withInitial(() -> new byte[64 << 10]);

    private static final int KEPT_BUFFER_BYTES = 1 << 20;

    private static final int PAGE_BYTES = 4096;

    private static final int MAX_TEXT_BYTES = 64 << 20;

    static SortedMap<Integer, Capture> newSampleMap() {
        return new TreeMap<>();
    }

    @Override
    public void close() {
        if (scratch != null) {
            ScratchFolder.delete(scratch);
        }
    }
}
