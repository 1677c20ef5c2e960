package io.rocedoctor.bundle;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.apache.commons.compress.archivers.ArchiveEntry;
import org.apache.commons.compress.archivers.ArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;

/**
 * Expands an uploaded archive into a scratch folder, refusing whatever could reach outside it
 * or exhaust the machine. Nothing is ever written outside {@code scratch}: every entry's path is
 * normalised and checked before a byte is written, links are created only when their target
 * stays inside, and hard links, devices and FIFOs are refused.
 */
public final class ArchiveExtractor {

    /** The archive kinds recognised by their first bytes. */
    public enum Format { TAR_GZ, TAR_XZ, TAR_BZ2, TAR, ZIP }

    /** What extraction refused, one line per entry, for the report. */
    public record Result(List<String> refusals, long entries, long bytes) {
    }

    private final ArchiveLimits limits;

    public ArchiveExtractor(ArchiveLimits limits) {
        this.limits = limits;
    }

    /** The archive format of a file from its magic bytes, or null when it is none we read. */
    public static Format sniff(Path file) throws IOException {
        byte[] head = new byte[512];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, head.length);
        }
        if (n >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b) {
            return Format.TAR_GZ;
        }
        if (n >= 6 && (head[0] & 0xff) == 0xfd && head[1] == '7' && head[2] == 'z' && head[3] == 'X' && head[4] == 'Z') {
            return Format.TAR_XZ;
        }
        if (n >= 3 && head[0] == 'B' && head[1] == 'Z' && head[2] == 'h') {
            return Format.TAR_BZ2;
        }
        if (n >= 4 && head[0] == 'P' && head[1] == 'K' && head[2] == 3 && head[3] == 4) {
            return Format.ZIP;
        }
        if (n >= 262 && new String(head, 257, 5, java.nio.charset.StandardCharsets.US_ASCII).equals("ustar")) {
            return Format.TAR;
        }
        return null;
    }

    public Result extract(Path archive, Format format, Path scratch) throws IOException, BundleException {
        long archiveSize = Math.max(1, Files.size(archive));
        Path root = scratch.toAbsolutePath().normalize();
        List<String> refusals = new ArrayList<>();
        long entries = 0;
        long total = 0;
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(archive));
             ArchiveInputStream<? extends ArchiveEntry> in = open(raw, format)) {
            ArchiveEntry entry;
            while ((entry = in.getNextEntry()) != null) {
                entries++;
                if (entries > limits.maxEntries()) {
                    throw new BundleException(archive, "more than " + limits.maxEntries() + " entries: refused as an archive bomb");
                }
                String name = entry.getName();
                String refusal = checkName(name, root);
                if (refusal != null) {
                    refusals.add(refusal);
                    continue;
                }
                Path target = root.resolve(name).normalize();
                if (entry.isDirectory()) {
                    Files.createDirectories(target);
                    continue;
                }
                if (entry instanceof TarArchiveEntry tar && !tar.isFile()) {
                    String linkRefusal = link(tar, target, root);
                    if (linkRefusal != null) {
                        refusals.add(linkRefusal);
                    }
                    continue;
                }
                if (entry instanceof ZipArchiveEntry zip && zip.isUnixSymlink()) {
                    refusals.add(printable(name) + ": symbolic link in a zip archive: not extracted");
                    continue;
                }
                Files.createDirectories(target.getParent());
                long written = copyBounded(in, target, archive, name);
                total += written;
                if (total > limits.maxTotalBytes()) {
                    throw new BundleException(archive, "expands to more than " + limits.maxTotalBytes() + " bytes: refused as an archive bomb");
                }
                if (total > limits.maxRatio() * archiveSize && total > (1L << 20)) {
                    throw new BundleException(archive, "expands more than " + limits.maxRatio() + " times its size: refused as an archive bomb");
                }
            }
        } catch (IOException | RuntimeException e) {
            if (entries == 0) {
                throw new BundleException(archive, "not a readable " + format.name().toLowerCase().replace('_', '.') + " archive (" + e.getMessage() + ")");
            }
            refusals.add("archive truncated or corrupt after " + entries + " entries: " + e.getMessage());
        }
        return new Result(List.copyOf(refusals), entries, total);
    }

    private static ArchiveInputStream<? extends ArchiveEntry> open(InputStream raw, Format format) throws IOException {
        return switch (format) {
            case TAR_GZ -> new TarArchiveInputStream(new GzipCompressorInputStream(raw, true));
            case TAR_XZ -> new TarArchiveInputStream(new XZCompressorInputStream(raw));
            case TAR_BZ2 -> new TarArchiveInputStream(new BZip2CompressorInputStream(raw));
            case TAR -> new TarArchiveInputStream(raw);
            case ZIP -> new ZipArchiveInputStream(raw);
        };
    }

    private String checkName(String name, Path root) {
        if (name.isEmpty() || name.indexOf('\0') >= 0) {
            return "entry with an empty or NUL-bearing name: refused";
        }
        if (name.startsWith("/") || name.matches("^[A-Za-z]:.*")) {
            return printable(name) + ": absolute path: refused";
        }
        for (String part : name.split("[/\\\\]")) {
            if (part.equals("..")) {
                return printable(name) + ": path with '..': refused";
            }
        }
        if (name.split("/").length > limits.maxDepth()) {
            return printable(name) + ": deeper than " + limits.maxDepth() + " folders: refused";
        }
        Path target = root.resolve(name).normalize();
        if (!target.startsWith(root) || target.equals(root)) {
            return printable(name) + ": lands outside the bundle: refused";
        }
        return null;
    }

    private static String link(TarArchiveEntry tar, Path target, Path root) throws IOException {
        String name = printable(tar.getName());
        if (tar.isLink()) {
            return name + ": hard link: refused";
        }
        if (!tar.isSymbolicLink()) {
            return name + ": device, FIFO or other special file: refused";
        }
        String linkName = tar.getLinkName();
        if (linkName.startsWith("/")) {
            return name + ": symbolic link to an absolute path (" + printable(linkName) + "): refused";
        }
        Path resolved = target.getParent().resolve(linkName).normalize();
        if (!resolved.startsWith(root)) {
            return name + ": symbolic link leaving the bundle (" + printable(linkName) + "): refused";
        }
        // Links inside the bundle are kept: sosreports copy sysfs, where class entries link into devices/.
        Files.createDirectories(target.getParent());
        if (!Files.exists(target, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            Files.createSymbolicLink(target, target.getParent().relativize(resolved));
        }
        return null;
    }

    private long copyBounded(InputStream in, Path target, Path archive, String name) throws IOException, BundleException {
        byte[] buffer = new byte[64 * 1024];
        long written = 0;
        try (OutputStream out = Files.newOutputStream(target)) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                written += n;
                if (written > limits.maxEntryBytes()) {
                    throw new BundleException(archive, printable(name) + ": entry larger than " + limits.maxEntryBytes() + " bytes: refused as an archive bomb");
                }
                out.write(buffer, 0, n);
            }
        }
        return written;
    }

    static String printable(String s) {
        StringBuilder b = new StringBuilder();
        s.codePoints().limit(200).forEach(c -> b.appendCodePoint(Character.isISOControl(c) ? '?' : c));
        return b.toString();
    }
}
