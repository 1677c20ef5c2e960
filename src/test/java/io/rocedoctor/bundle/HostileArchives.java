package io.rocedoctor.bundle;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.tar.TarConstants;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;

/**
 * Writes a corpus of hostile bundles at test time (nothing binary is committed). Escapes aim at
 * a decoy folder {@code outside} next to the corpus, never at the real {@code /etc}: the tests may
 * run as root, and a regression must not damage the machine. The decoy holds an {@code etc/passwd}
 * of its own, so a write through a link would show up in the test's before/after listing.
 */
public final class HostileArchives {

    /**
     * One hostile input and what the reader must say about it: each reason must appear in the
     * refusal message or in one of the bundle's refusals.
     */
    public record Hostile(String label, Path file, List<String> reasons) {
        @Override
        public String toString() {
            return label;
        }
    }

    static final String HOST = "hostile-lab-07";
    private static final byte[] MANIFEST =
            ("format: 1\nhost: " + HOST + "\ncollector: manual\n").getBytes(StandardCharsets.US_ASCII);
    private static final byte[] PROC_NET_DEV = """
            Inter-|   Receive                                                |  Transmit
             face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed
                lo:  104812     902    0    0    0     0          0         0   104812     902    0    0    0     0       0          0
            """.getBytes(StandardCharsets.US_ASCII);
    static final long ZEROS = 1L << 30;
    static final int EMPTY_ENTRIES = 200_000;

    private final Path dir;
    private final Path outside;

    private HostileArchives(Path dir, Path outside) {
        this.dir = dir;
        this.outside = outside;
    }

    /**
     * Where the tests put scratch folders: four levels below {@code base}, so that the escapes
     * above, counted from a scratch folder, land in the decoy.
     */
    public static Path scratchParent(Path base) {
        return base.resolve("s1/s2/scratch");
    }

    /** The decoy a successful escape would write into. */
    public static Path outside(Path base) {
        return base.resolve("outside");
    }

    /** Writes the corpus into {@code base/corpus} and the decoy into {@code base/outside}. */
    public static List<Hostile> generate(Path base) throws IOException {
        Path outside = outside(base);
        Files.createDirectories(outside.resolve("etc"));
        Files.writeString(outside.resolve("etc/passwd"), "root:x:0:0:decoy:/root:/bin/sh\n");
        Path dir = Files.createDirectories(base.resolve("corpus"));
        return new HostileArchives(dir, outside).all();
    }

    private List<Hostile> all() throws IOException {
        List<Hostile> out = new ArrayList<>();
        out.add(zipSlip());
        out.add(tarDotDot());
        out.add(tarAbsolute());
        out.add(symlinkWrittenThrough());
        out.add(symlinkChain());
        out.add(hardLink());
        out.add(devicesAndFifo());
        out.add(gzipBomb());
        out.add(entryFlood());
        out.add(nested());
        out.add(nonUtf8Names());
        out.add(zipNamesDisagree());
        out.add(zipDataDamaged());
        out.add(tarHeaderDamaged());
        out.add(manifestWrongTypes());
        out.add(manifestLongLine());
        out.add(longAndDeepNames());
        out.add(truncated());
        out.add(new Hostile(
                "empty file", Files.write(dir.resolve("empty.tar.gz"), new byte[0]), List.of("empty file")));
        out.add(randomBytes());
        return out;
    }

    private Hostile zipSlip() throws IOException {
        Path file = dir.resolve("zip-slip.zip");
        try (ZipArchiveOutputStream zip = new ZipArchiveOutputStream(Files.newOutputStream(file))) {
            // Raw ISO-8859-1 names, no UTF-8 flag: "caf\u00e9" is stored as the non-UTF-8 bytes 63 61 66 e9.
            zip.setEncoding("ISO-8859-1");
            zip.setUseLanguageEncodingFlag(false);
            zip.setCreateUnicodeExtraFields(ZipArchiveOutputStream.UnicodeExtraFieldPolicy.NEVER);
            zipEntry(zip, "manifest.yaml", MANIFEST);
            zipEntry(zip, "../../evil-zip-slip", "pwned\n".getBytes(StandardCharsets.US_ASCII));
            zipEntry(zip, "fs/proc/net/dev", PROC_NET_DEV);
            zipEntry(zip, "fs/etc/caf\u00e9", "latin-1 name\n".getBytes(StandardCharsets.US_ASCII));
        }
        return new Hostile(
                "zip slip and a non-UTF-8 zip name",
                file,
                List.of(
                        "../../evil-zip-slip: path with '..': refused",
                        "fs/etc/caf\\xe9: name is not valid UTF-8: refused"));
    }

    private Hostile tarDotDot() throws IOException {
        Path file = dir.resolve("dotdot.tar.gz");
        try (TarArchiveOutputStream tar = tarGz(file)) {
            bundleStart(tar);
            file(tar, "../../etc/x", "pwned\n");
            file(tar, "fs/../../../outside/x", "pwned\n");
        }
        return new Hostile(
                "tar with ../../etc/x",
                file,
                List.of("../../etc/x: path with '..'", "fs/../../../outside/x: path with '..'"));
    }

    private Hostile tarAbsolute() throws IOException {
        Path file = dir.resolve("absolute.tar.gz");
        String absolute = outside.resolve("etc/x").toString();
        try (TarArchiveOutputStream tar = tarGz(file)) {
            bundleStart(tar);
            file(tar, absolute, "pwned\n");
        }
        return new Hostile("tar with an absolute path", file, List.of(absolute + ": absolute path: refused"));
    }

    /** A link to a folder outside, then a file through it; and an allowed inside link, then a file through it. */
    private Hostile symlinkWrittenThrough() throws IOException {
        Path file = dir.resolve("symlink-through.tar.gz");
        try (TarArchiveOutputStream tar = tarGz(file)) {
            bundleStart(tar);
            symlink(tar, "etc", outside.resolve("etc").toString());
            file(tar, "etc/passwd", "pwned::0:0::/:/bin/sh\n");
            symlink(tar, "up", "../../../../outside/etc");
            file(tar, "up/passwd", "pwned::0:0::/:/bin/sh\n");
            symlink(tar, "inside", "fs/proc");
            file(tar, "inside/interrupts", "written through an inside link\n");
        }
        return new Hostile(
                "symbolic link to a folder outside, then a file through it",
                file,
                List.of(
                        "etc: symbolic link to an absolute path",
                        "up: symbolic link leaving the bundle",
                        "inside/interrupts: goes through the symbolic link inside"));
    }

    /**
     * Each link looks inside when checked on its own: {@code up} is the bundle root, and
     * {@code esc} lexically is {@code dir/outside/etc}. Followed for real, it climbs four folders
     * above the root, which {@link #scratchParent} makes the decoy's parent.
     */
    private Hostile symlinkChain() throws IOException {
        Path file = dir.resolve("symlink-chain.tar.gz");
        try (TarArchiveOutputStream tar = tarGz(file)) {
            bundleStart(tar);
            symlink(tar, "dir/a/b/c/up", "../../../..");
            symlink(tar, "dir/a/b/c/esc", "up/../../../../outside/etc");
            file(tar, "dir/a/b/c/esc/passwd", "pwned::0:0::/:/bin/sh\n");
            symlink(tar, "l1", "l2");
            symlink(tar, "l2", "fs/../../..");
            file(tar, "l1/passwd", "pwned::0:0::/:/bin/sh\n");
        }
        return new Hostile(
                "symbolic link chain leaving the bundle",
                file,
                List.of(
                        "dir/a/b/c/esc: symbolic link with '..' after a name",
                        "l2: symbolic link with '..' after a name",
                        "l1/passwd: goes through the symbolic link l1"));
    }

    private Hostile hardLink() throws IOException {
        Path file = dir.resolve("hardlink.tar.gz");
        try (TarArchiveOutputStream tar = tarGz(file)) {
            bundleStart(tar);
            TarArchiveEntry e = new TarArchiveEntry("fs/etc/passwd", TarConstants.LF_LINK);
            e.setLinkName("/etc/passwd");
            tar.putArchiveEntry(e);
            tar.closeArchiveEntry();
        }
        return new Hostile(
                "hard link to /etc/passwd", file, List.of("fs/etc/passwd: hard link (to /etc/passwd): refused"));
    }

    private Hostile devicesAndFifo() throws IOException {
        Path file = dir.resolve("devices.tar.gz");
        try (TarArchiveOutputStream tar = tarGz(file)) {
            bundleStart(tar);
            TarArchiveEntry chr = new TarArchiveEntry("fs/dev/mem", TarConstants.LF_CHR);
            chr.setDevMajor(1);
            chr.setDevMinor(1);
            tar.putArchiveEntry(chr);
            tar.closeArchiveEntry();
            TarArchiveEntry blk = new TarArchiveEntry("fs/dev/sda", TarConstants.LF_BLK);
            blk.setDevMajor(8);
            tar.putArchiveEntry(blk);
            tar.closeArchiveEntry();
            tar.putArchiveEntry(new TarArchiveEntry("fs/proc/interrupts", TarConstants.LF_FIFO));
            tar.closeArchiveEntry();
        }
        return new Hostile(
                "device files and a FIFO",
                file,
                List.of("fs/dev/mem: device file", "fs/dev/sda: device file", "fs/proc/interrupts: FIFO"));
    }

    /** 1 GiB of zeros in one entry, streamed through gzip: a few MB on disk, never in memory. */
    private Hostile gzipBomb() throws IOException {
        Path file = dir.resolve("gzip-bomb.tar.gz");
        try (TarArchiveOutputStream tar = tarGz(file)) {
            bundleStart(tar);
            TarArchiveEntry e = new TarArchiveEntry("fs/proc/interrupts");
            e.setSize(ZEROS);
            tar.putArchiveEntry(e);
            byte[] zeros = new byte[1 << 20];
            for (long written = 0; written < ZEROS; written += zeros.length) {
                tar.write(zeros);
            }
            tar.closeArchiveEntry();
        }
        return new Hostile("1 GiB of zeros gzipped", file, List.of("refused as an archive bomb (limit max-ratio)"));
    }

    private Hostile entryFlood() throws IOException {
        Path file = dir.resolve("entry-flood.tar.gz");
        try (TarArchiveOutputStream tar = tarGz(file)) {
            bundleStart(tar);
            for (int i = 0; i < EMPTY_ENTRIES; i++) {
                tar.putArchiveEntry(new TarArchiveEntry("fs/e/" + i));
                tar.closeArchiveEntry();
            }
        }
        return new Hostile(
                EMPTY_ENTRIES + " empty entries", file, List.of("refused as an archive bomb (limit max-entries)"));
    }

    /** Archives inside the bundle, one of them hostile itself: kept as files, never expanded. */
    private Hostile nested() throws IOException {
        Path inner = dir.resolve("inner.tar.gz");
        try (TarArchiveOutputStream tar = tarGz(inner)) {
            bundleStart(tar);
            file(tar, "../../evil-nested", "pwned\n");
        }
        Path file = dir.resolve("nested.tar.gz");
        try (TarArchiveOutputStream tar = tarGz(file)) {
            bundleStart(tar);
            file(tar, "fs/tmp/inner.tar.gz", Files.readAllBytes(inner));
            file(tar, "samples/1/fs/tmp/inner.tar", Files.readAllBytes(inner));
        }
        Files.delete(inner);
        return new Hostile("nested tarballs", file, List.of());
    }

    private Hostile nonUtf8Names() throws IOException {
        Path file = dir.resolve("non-utf8.tar.gz");
        // ISO-8859-1 writes each char as one byte: "caf\u00e9" becomes the non-UTF-8 bytes 63 61 66 e9.
        try (TarArchiveOutputStream tar = new TarArchiveOutputStream(
                new GzipCompressorOutputStream(new BufferedOutputStream(Files.newOutputStream(file))), "ISO-8859-1")) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_GNU);
            bundleStart(tar);
            file(tar, "fs/etc/caf\u00e9", "latin-1 name\n");
            file(tar, "fs/etc/\u00c3\u00a9t\u00c3\u00a9", "valid UTF-8 bytes: \u00e9t\u00e9\n");
            file(tar, "fs/etc/evil\n\u001b[31mred", "control characters\n");
            symlink(tar, "fs/etc/link", "caf\u00e9");
        }
        return new Hostile(
                "non-UTF-8 and control-character names",
                file,
                List.of(
                        "fs/etc/caf\\xe9: name is not valid UTF-8: refused",
                        "fs/etc/evil\\u000a\\u001b[31mred: name with control characters: refused",
                        "fs/etc/link: symbolic link to a target that is not valid UTF-8"));
    }

    /**
     * The local header names {@code ../../evil-local} while the central directory says
     * {@code ok/ok/evil-local}: the streaming reader extracts, and so checks, the local name.
     */
    private Hostile zipNamesDisagree() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        String local = "../../evil-local";
        try (ZipArchiveOutputStream zip = new ZipArchiveOutputStream(bytes)) {
            zipEntry(zip, "manifest.yaml", MANIFEST);
            zipEntry(zip, "fs/proc/net/dev", PROC_NET_DEV);
            zipEntry(zip, local, "pwned\n".getBytes(StandardCharsets.US_ASCII));
        }
        byte[] zip = bytes.toByteArray();
        byte[] name = local.getBytes(StandardCharsets.US_ASCII);
        int central = lastIndexOf(zip, name);
        System.arraycopy("ok/ok/evil-local".getBytes(StandardCharsets.US_ASCII), 0, zip, central, name.length);
        Path file = dir.resolve("names-disagree.zip");
        Files.write(file, zip);
        return new Hostile(
                "zip whose central directory and local names disagree",
                file,
                List.of("../../evil-local: path with '..'"));
    }

    private Hostile manifestWrongTypes() throws IOException {
        Path file = dir.resolve("manifest-types.tar.gz");
        try (TarArchiveOutputStream tar = tarGz(file)) {
            file(
                    tar,
                    "manifest.yaml",
                    "format: 1\nhost: [a, b]\ncollector: {x: 1}\nsamples: 5\ncaptures: \"string\"\n"
                            + "links: 7\nredacted: {a: b}\n");
            file(tar, "fs/proc/net/dev", PROC_NET_DEV);
        }
        return new Hostile(
                "manifest with wrong types",
                file,
                List.of(
                        "host is not a scalar",
                        "samples is not a list",
                        "captures is not a list",
                        "links is not a list"));
    }

    private Hostile manifestLongLine() throws IOException {
        Path file = dir.resolve("manifest-long-line.tar.gz");
        byte[] manifest = new byte[10 << 20];
        Arrays.fill(manifest, (byte) 'h');
        byte[] head = "host: ".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(head, 0, manifest, 0, head.length);
        manifest[manifest.length - 1] = '\n';
        try (TarArchiveOutputStream tar = tarGz(file)) {
            file(tar, "manifest.yaml", manifest);
            file(tar, "fs/proc/net/dev", PROC_NET_DEV);
        }
        return new Hostile("manifest with one 10 MB line", file, List.of("manifest.yaml: larger than 4 MiB"));
    }

    private Hostile longAndDeepNames() throws IOException {
        Path file = dir.resolve("long-deep.tar.gz");
        String deep = "fs/" + "d/".repeat(60) + "leaf";
        String longPart = "fs/" + "n".repeat(300);
        try (TarArchiveOutputStream tar = tarGz(file)) {
            bundleStart(tar);
            file(tar, deep, "deep\n");
            file(tar, longPart, "long\n");
            file(tar, "fs/twice", "first\n");
            file(tar, "fs/twice", "second\n");
        }
        return new Hostile(
                "deep, long and repeated names",
                file,
                List.of(
                        "deeper than 40 folders",
                        "a name in the path is longer than 255 bytes",
                        "fs/twice: appears twice in the archive"));
    }

    /** A bundle cut in the middle of an incompressible entry. */
    private Hostile truncated() throws IOException {
        Path whole = dir.resolve("whole.tar.gz");
        byte[] noise = new byte[256 << 10];
        new Random(7).nextBytes(noise);
        try (TarArchiveOutputStream tar = tarGz(whole)) {
            bundleStart(tar);
            file(tar, "fs/var/log/noise", noise);
        }
        byte[] bytes = Files.readAllBytes(whole);
        Files.delete(whole);
        Path file = dir.resolve("truncated.tar.gz");
        Files.write(file, Arrays.copyOf(bytes, bytes.length * 3 / 5));
        return new Hostile(
                "truncated .tar.gz",
                file,
                List.of("archive truncated or corrupt after 3 entries", "the partial fs/var/log/noise was dropped"));
    }

    private Hostile randomBytes() throws IOException {
        byte[] noise = new byte[64 << 10];
        new Random(42).nextBytes(noise);
        noise[0] = 'x'; // no archive magic by chance
        Path file = Files.write(dir.resolve("random.tar.gz"), noise);
        return new Hostile("random bytes", file, List.of("not a directory, tar (gz, xz, bz2) or zip archive"));
    }

    // ---- writing helpers ----------------------------------------------------------------

    /** A stored zip entry with one digit changed after its CRC-32 was computed: a value would change silently. */
    private Hostile zipDataDamaged() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipArchiveOutputStream zip = new ZipArchiveOutputStream(bytes)) {
            zipEntry(zip, "manifest.yaml", MANIFEST);
            ZipArchiveEntry stored = new ZipArchiveEntry("fs/proc/net/dev");
            stored.setMethod(ZipArchiveEntry.STORED);
            stored.setSize(PROC_NET_DEV.length);
            java.util.zip.CRC32 crc = new java.util.zip.CRC32();
            crc.update(PROC_NET_DEV);
            stored.setCrc(crc.getValue());
            zip.putArchiveEntry(stored);
            zip.write(PROC_NET_DEV);
            zip.closeArchiveEntry();
            zipEntry(zip, "fs/etc/hostname", (HOST + "\n").getBytes(StandardCharsets.US_ASCII));
        }
        byte[] zip = bytes.toByteArray();
        zip[lastIndexOf(zip, "104812     902".getBytes(StandardCharsets.US_ASCII))] = '9';
        Path file = dir.resolve("data-damaged.zip");
        Files.write(file, zip);
        return new Hostile(
                "zip entry whose data does not match its CRC-32",
                file,
                List.of("fs/proc/net/dev: damaged: its data does not match its CRC-32"));
    }

    /** A tar header with one byte of its mode changed: its checksum no longer matches. */
    private Hostile tarHeaderDamaged() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (TarArchiveOutputStream tar = new TarArchiveOutputStream(bytes, "UTF-8")) {
            bundleStart(tar);
            file(tar, "fs/etc/damaged", "header changed\n");
            file(tar, "fs/etc/after", "read as usual\n");
        }
        byte[] tar = bytes.toByteArray();
        int header = lastIndexOf(tar, "fs/etc/damaged".getBytes(StandardCharsets.US_ASCII));
        tar[header + 101]++; // the mode field starts at offset 100
        Path file = dir.resolve("header-damaged.tar.gz");
        try (OutputStream out = new GzipCompressorOutputStream(Files.newOutputStream(file))) {
            out.write(tar);
        }
        return new Hostile(
                "tar header whose checksum does not match",
                file,
                List.of("fs/etc/damaged: damaged: its tar header checksum does not match: refused"));
    }

    private static TarArchiveOutputStream tarGz(Path file) throws IOException {
        OutputStream out =
                new GzipCompressorOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16));
        TarArchiveOutputStream tar = new TarArchiveOutputStream(out, "UTF-8");
        tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_GNU);
        tar.setBigNumberMode(TarArchiveOutputStream.BIGNUMBER_POSIX);
        return tar;
    }

    /** A manifest and one real-format capture, so that a bundle is found and its refusals reported. */
    private static void bundleStart(TarArchiveOutputStream tar) throws IOException {
        file(tar, "manifest.yaml", MANIFEST);
        file(tar, "fs/proc/net/dev", PROC_NET_DEV);
    }

    private static void file(TarArchiveOutputStream tar, String name, String text) throws IOException {
        file(tar, name, text.getBytes(StandardCharsets.UTF_8));
    }

    private static void file(TarArchiveOutputStream tar, String name, byte[] content) throws IOException {
        // preserveAbsolutePath: without it the entry would quietly lose its leading '/'.
        TarArchiveEntry e = new TarArchiveEntry(name, true);
        e.setSize(content.length);
        tar.putArchiveEntry(e);
        tar.write(content);
        tar.closeArchiveEntry();
    }

    private static void symlink(TarArchiveOutputStream tar, String name, String target) throws IOException {
        TarArchiveEntry e = new TarArchiveEntry(name, TarConstants.LF_SYMLINK, true);
        e.setLinkName(target);
        tar.putArchiveEntry(e);
        tar.closeArchiveEntry();
    }

    private static void zipEntry(ZipArchiveOutputStream zip, String name, byte[] content) throws IOException {
        zip.putArchiveEntry(new ZipArchiveEntry(name));
        zip.write(content);
        zip.closeArchiveEntry();
    }

    private static int lastIndexOf(byte[] haystack, byte[] needle) {
        for (int i = haystack.length - needle.length; i >= 0; i--) {
            if (Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        throw new IllegalStateException("not found");
    }
}
