package io.rocedoctor.bundle;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.zip.CRC32;
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
 * Expands an uploaded archive into a folder (the bundle reader gives it one in memory:
 * {@link MemoryFileSystem}), refusing whatever could reach outside it or exhaust the machine,
 * entry by entry while the archive streams. The rules, also listed in docs/security.md:
 * <ul>
 * <li>a name that is absolute, holds {@code ..}, a control character or bytes that are not UTF-8,
 * is too long or too deep, is refused;</li>
 * <li>nothing is ever written through a link: every folder on the way to an entry is checked
 * without following links, and files are created with {@code CREATE_NEW} and
 * {@code NOFOLLOW_LINKS}, so {@code a -> /etc} followed by {@code a/passwd} writes nothing;</li>
 * <li>a symbolic link is kept only when its target is relative, stays inside, and has its
 * {@code ..} steps first: {@code ..} after a name could climb out through another link
 * ({@code up -> ..}, then {@code esc -> up/../../etc}), which a lexical check cannot see;
 * sosreports need such inside links (sysfs class entries point into devices/);</li>
 * <li>hard links, devices and FIFOs are refused; zip entries are never links (the streaming
 * reader sees no Unix modes), and the local headers, which are what is extracted, are what is
 * checked, whatever the central directory says;</li>
 * <li>nested archives are plain files: never expanded;</li>
 * <li>the entry count, each entry's size, the total size and the expansion ratio are bounded
 * while bytes are written, so a bomb is stopped mid-entry.</li>
 * </ul>
 * Each refusal is one printable line naming the entry and the reason.
 */
public final class ArchiveExtractor {

    /** The archive kinds recognised by their first bytes. */
    public enum Format {
        TAR_GZ,
        TAR_XZ,
        TAR_BZ2,
        TAR,
        ZIP
    }

    /** What extraction refused, one line per entry, for the report. */
    public record Result(List<String> refusals, long entries, long bytes) {}

    // Linux limits: NAME_MAX and PATH_MAX.
    private static final int MAX_NAME_PART_BYTES = 255;

    private static final int MAX_NAME_BYTES = 4096;

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
        if (n >= 6
                && (head[0] & 0xff) == 0xfd
                && head[1] == '7'
                && head[2] == 'z'
                && head[3] == 'X'
                && head[4] == 'Z') {
            return Format.TAR_XZ;
        }
        if (n >= 3 && head[0] == 'B' && head[1] == 'Z' && head[2] == 'h') {
            return Format.TAR_BZ2;
        }
        if (n >= 4 && head[0] == 'P' && head[1] == 'K' && head[2] == 3 && head[3] == 4) {
            return Format.ZIP;
        }
        if (n >= 262 && new String(head, 257, 5, StandardCharsets.US_ASCII).equals("ustar")) {
            return Format.TAR;
        }
        return null;
    }

    public Result extract(Path archive, Format format, Path scratch) throws IOException, BundleException {
        return new Run(archive, scratch.toAbsolutePath().normalize()).extract(format);
    }

    /** The state of one extraction: what was refused, and how much was read and written. */
    private final class Run {
        private final Path archive;
        private final Path root;
        private final List<String> refusals = new ArrayList<>();
        private final byte[] buffer = new byte[64 * 1024];
        private long entries;
        private long expanded;
        private CountingInputStream compressed;
        private final CRC32 crc = new CRC32();
        /** The zip entry last written, whose CRC-32 a data descriptor gives only once the next entry is asked for. */
        private Written unchecked;
        /**
         * Folders this run made or found to be real folders: nothing replaces one later (files are
         * created new, links only where nothing is), so each is checked once, not once per entry below it.
         */
        private final java.util.Set<Path> folders = new java.util.HashSet<>();

        Run(Path archive, Path root) {
            this.archive = archive;
            this.root = root;
        }

        Result extract(Format format) throws IOException, BundleException {
            try (CountingInputStream counted = new CountingInputStream(Files.newInputStream(archive));
                    ArchiveInputStream<? extends ArchiveEntry> in = open(new BufferedInputStream(counted), format)) {
                compressed = counted;
                while (true) {
                    ArchiveEntry entry;
                    try {
                        entry = in.getNextEntry();
                    } catch (IOException | RuntimeException e) {
                        damaged(format, e, null);
                        break;
                    }
                    checkCrc();
                    if (entry == null) {
                        break;
                    }
                    entries++;
                    if (entries > limits.maxEntries()) {
                        throw bomb("more than " + limits.maxEntries() + " entries", ArchiveLimits.MAX_ENTRIES);
                    }
                    try {
                        if (!extractEntry(in, entry, format)) {
                            break;
                        }
                    } catch (IOException e) {
                        // Reading the archive fails as DamagedArchive or in getNextEntry: what is left is making the
                        // tree.
                        throw new BundleException(
                                archive,
                                "cannot expand " + printable(entry.getName()) + " ("
                                        + (e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null
                                                ? fs.getReason()
                                                : e.getMessage())
                                        + ")",
                                e);
                    }
                }
            }
            return new Result(List.copyOf(refusals), entries, expanded);
        }

        /**
         * Refuses the zip entry last written when its data does not match its CRC-32: a flipped byte
         * would otherwise reach a parser as a wrong digit. Known once the next entry is read.
         */
        private void checkCrc() throws IOException {
            Written w = unchecked;
            unchecked = null;
            if (w != null && w.entry().getCrc() != -1 && w.entry().getCrc() != w.crc()) {
                Files.deleteIfExists(w.target());
                refusals.add(printable(w.name()) + ": damaged: its data does not match its CRC-32 ("
                        + String.format(
                                Locale.ROOT,
                                "%08x, the archive says %08x",
                                w.crc(),
                                w.entry().getCrc()) + "): refused");
            }
        }

        /** Extracts or refuses one entry; false when the archive turned out damaged and reading stops. */
        private boolean extractEntry(InputStream in, ArchiveEntry entry, Format format)
                throws IOException, BundleException {
            if (entry instanceof TarArchiveEntry tar && !tar.isCheckSumOK()) {
                // Its name, size and type are all in doubt: nothing of it is written.
                refusals.add(printable(tar.getName()) + ": damaged: its tar header checksum does not match: refused");
                return true;
            }
            String name;
            try {
                name = utf8Name(entry);
            } catch (CharacterCodingException e) {
                refusals.add(printableBytes(rawName(entry)) + ": name is not valid UTF-8: refused");
                return true;
            }
            Path target;
            try {
                String refusal = checkName(name);
                target = refusal == null ? root.resolve(name).normalize() : null;
                if (refusal == null && !target.startsWith(root)) {
                    refusal = "lands outside the bundle";
                }
                if (refusal != null) {
                    refusals.add(printable(name) + ": " + refusal + ": refused");
                    return true;
                }
            } catch (InvalidPathException e) {
                refusals.add(printable(name) + ": name cannot be a file name here: refused");
                return true;
            }
            if (target.equals(root)) {
                if (!entry.isDirectory()) {
                    refusals.add(printable(name) + ": names the bundle folder itself: refused");
                }
                return true; // "./" opens most tarballs made with tar -C dir .
            }
            if (entry.isDirectory()) {
                refuseIfSet(name, makeFolders(target));
                return true;
            }
            if (entry instanceof TarArchiveEntry tar) {
                String special = special(tar);
                if (special != null) {
                    refusals.add(printable(name) + ": " + special + ": refused");
                    return true;
                }
                if (tar.isSymbolicLink()) {
                    String linkName;
                    try {
                        linkName = utf8(tar.getLinkName());
                    } catch (CharacterCodingException e) {
                        refusals.add(printable(name) + ": symbolic link to a target that is not valid UTF-8: refused");
                        return true;
                    }
                    refuseIfSet(name, link(linkName, target));
                    return true;
                }
            }
            if (entry instanceof ZipArchiveEntry zip && zip.isUnixSymlink()) {
                refusals.add(printable(name) + ": symbolic link in a zip archive: refused");
                return true;
            }
            if (refuseIfSet(name, makeFolders(target.getParent()))) {
                return true;
            }
            OutputStream out;
            try {
                // CREATE_NEW fails on anything already there, a dangling link included: never written through.
                out = Files.newOutputStream(
                        target,
                        StandardOpenOption.CREATE_NEW,
                        StandardOpenOption.WRITE,
                        LinkOption.NOFOLLOW_LINKS,
                        new MemoryFileSystem.Expecting(entry.getSize())); // the reader's tree takes the size
            } catch (FileAlreadyExistsException e) {
                refusals.add(printable(name) + ": appears twice in the archive: the first copy is kept");
                return true;
            }
            try (out) {
                copy(in, out, name);
                if (entry instanceof ZipArchiveEntry zip) {
                    unchecked = new Written(zip, name, target, crc.getValue());
                }
                return true;
            } catch (DamagedArchive e) {
                Files.deleteIfExists(target); // a half-written file must not pass for a capture
                damaged(format, e.getCause(), name);
                return false;
            }
        }

        private boolean refuseIfSet(String name, String refusal) {
            if (refusal != null) {
                refusals.add(printable(name) + ": " + refusal + ": refused");
            }
            return refusal != null;
        }

        private void damaged(Format format, Throwable e, String partial) throws BundleException {
            String why = e instanceof java.io.EOFException
                    ? "it ends early"
                    : e.getMessage() == null ? e.getClass().getSimpleName() : firstLine(e.getMessage());
            if (entries == 0) {
                throw new BundleException(
                        archive,
                        "not a readable "
                                + format.name().toLowerCase(Locale.ROOT).replace('_', '.') + " archive (" + why + ")");
            }
            refusals.add("archive truncated or corrupt after " + entries + " entries (" + why + ")"
                    + (partial == null ? "" : ": the partial " + printable(partial) + " was dropped")
                    + "; the entries before it are read");
        }

        /** Why a name is refused by its text, or null. The name is decoded and free of NUL. */
        private String checkName(String name) {
            if (name.isEmpty()) {
                return "empty name";
            }
            if (anyUnprintable(name)) {
                return "name with control characters";
            }
            if (name.startsWith("/") || name.startsWith("\\") || startsWithDrive(name)) {
                return "absolute path";
            }
            List<String> parts = names(name);
            for (String part : parts) {
                if (part.equals("..")) {
                    return "path with '..'";
                }
                if (part.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_PART_BYTES) {
                    return "a name in the path is longer than " + MAX_NAME_PART_BYTES + " bytes";
                }
            }
            if (name.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
                return "path longer than " + MAX_NAME_BYTES + " bytes";
            }
            if (parts.size() > limits.maxDepth()) {
                return "deeper than " + limits.maxDepth() + " folders";
            }
            return null; // whether it lands outside is asked of its path, made once by the caller
        }

        /**
         * Makes every folder from the root down to {@code dir}, refusing to pass through a link or
         * a file: nothing checked here is followed.
         */
        private String makeFolders(Path dir) throws IOException {
            if (folders.contains(dir)) {
                return null; // every folder above it was checked when it was
            }
            Path current = root;
            for (Path part : root.relativize(dir)) {
                current = current.resolve(part);
                if (folders.contains(current)) {
                    continue;
                }
                BasicFileAttributes attrs;
                try {
                    attrs = Files.readAttributes(current, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                } catch (NoSuchFileException e) {
                    Files.createDirectory(current);
                    folders.add(current);
                    continue;
                }
                if (attrs.isSymbolicLink()) {
                    return "goes through the symbolic link " + printable(relative(current))
                            + " (nothing is written through a link)";
                }
                if (!attrs.isDirectory()) {
                    return "goes through the file " + printable(relative(current));
                }
                folders.add(current);
            }
            return null;
        }

        /** Creates an inside symbolic link, or says why not. */
        private String link(String linkName, Path target) throws IOException {
            String shown = printable(linkName);
            if (linkName.isEmpty() || anyUnprintable(linkName)) {
                return "symbolic link with an empty or unprintable target";
            }
            if (linkName.startsWith("/") || linkName.startsWith("\\") || startsWithDrive(linkName)) {
                return "symbolic link to an absolute path (" + shown + ")";
            }
            boolean named = false;
            for (String part : linkName.split("/")) {
                if (part.equals("..") && named) {
                    return "symbolic link with '..' after a name (" + shown
                            + "), which can leave the bundle through another link";
                }
                named |= !part.isEmpty() && !part.equals(".") && !part.equals("..");
            }
            Path resolved;
            try {
                resolved = target.getParent().resolve(linkName).normalize();
            } catch (InvalidPathException e) {
                return "symbolic link with an impossible target (" + shown + ")";
            }
            if (!resolved.startsWith(root)) {
                return "symbolic link leaving the bundle (" + shown + ")";
            }
            String refusal = makeFolders(target.getParent());
            if (refusal != null) {
                return refusal;
            }
            if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                return "appears twice in the archive";
            }
            Files.createSymbolicLink(target, Path.of(linkName));
            return null;
        }

        private void copy(InputStream in, OutputStream out, String name)
                throws IOException, BundleException, DamagedArchive {
            long written = 0;
            crc.reset();
            while (true) {
                int n;
                try {
                    n = in.read(buffer);
                } catch (IOException | RuntimeException e) {
                    throw new DamagedArchive(e);
                }
                if (n < 0) {
                    return;
                }
                written += n;
                expanded += n;
                if (written > limits.maxEntryBytes()) {
                    throw bomb(
                            printable(name) + " is larger than " + limits.maxEntryBytes() + " bytes",
                            ArchiveLimits.MAX_ENTRY_BYTES);
                }
                if (expanded > limits.maxExpandedBytes()) {
                    throw bomb(
                            "expands to more than " + limits.maxExpandedBytes() + " bytes (stopped in "
                                    + printable(name) + ")",
                            ArchiveLimits.MAX_EXPANDED_BYTES);
                }
                if (expanded > limits.ratioGraceBytes()
                        && expanded > limits.maxRatio() * Math.max(1, compressed.count)) {
                    throw bomb(
                            "expands more than " + limits.maxRatio() + " times its compressed size (stopped after "
                                    + (expanded >> 20) + " MiB, in " + printable(name) + ")",
                            ArchiveLimits.MAX_RATIO);
                }
                crc.update(buffer, 0, n);
                out.write(buffer, 0, n);
            }
        }

        /** The refusal of a bomb, saying how far into the archive it was stopped: the rest is never read. */
        private BundleException bomb(String what, String limit) {
            String where;
            try {
                where = "; stopped at entry " + entries + ", byte " + compressed.count + " of " + Files.size(archive);
            } catch (IOException e) {
                where = "";
            }
            return new BundleException(archive, what + ": refused as an archive bomb (limit " + limit + ")" + where);
        }

        private String relative(Path p) {
            return root.relativize(p).toString();
        }
    }

    private static ArchiveInputStream<? extends ArchiveEntry> open(InputStream raw, Format format) throws IOException {
        // Names are read as ISO-8859-1, byte for byte, then decoded as strict UTF-8 in utf8Name.
        return switch (format) {
            case TAR_GZ ->
                new BoundedTarInputStream(GzipCompressorInputStream.builder()
                        .setInputStream(raw)
                        .setDecompressConcatenated(true)
                        .get());
            case TAR_XZ -> new BoundedTarInputStream(new XZCompressorInputStream(raw));
            case TAR_BZ2 -> new BoundedTarInputStream(new BZip2CompressorInputStream(raw));
            case TAR -> new BoundedTarInputStream(raw);
            case ZIP -> new ZipArchiveInputStream(raw, "UTF-8", false);
        };
    }

    /**
     * A tar reader that refuses GNU long names beyond PATH_MAX instead of holding them in memory, and
     * steps over the padding of an entry read to its end itself. commons-compress 1.28 skips the rest
     * of the entry and its padding with {@code IOUtils.skip}, which takes a new zeroed 8 KiB array per
     * call from commons-io (two per file: ~8 MB per typical bundle, 6-7% of reading a {@code .tar.gz});
     * the padding is read here into one array, the same bytes from the same stream, failing as the
     * library's {@code skipRecordPadding} does. An entry not read to its end (refused) or a sparse one
     * is left to the library.
     */
    static final class BoundedTarInputStream extends TarArchiveInputStream {
        private final byte[] padding = new byte[getRecordSize()];

        BoundedTarInputStream(InputStream in) {
            super(in, "ISO-8859-1");
        }

        @Override
        public TarArchiveEntry getNextEntry() throws IOException {
            TarArchiveEntry current = getCurrentEntry();
            if (current != null && !isAtEOF() && !current.isSparse() && available() == 0) {
                if (!current.isDirectory()) { // the library reads no data and no padding of a folder
                    skipPadding(current.getSize());
                }
                setCurrentEntry(null); // nothing left of it: the library skips nothing more
            }
            return super.getNextEntry();
        }

        /** What {@code skipRecordPadding} reads after an entry of {@code size} bytes, into one array. */
        private void skipPadding(long size) throws IOException {
            int record = getRecordSize();
            if (size <= 0 || size % record == 0) {
                return;
            }
            int wanted = (int) (record - size % record);
            int read = 0;
            while (read < wanted) {
                int n = in.read(padding, read, wanted - read);
                if (n < 0) {
                    break;
                }
                read += n;
            }
            if (read != wanted) {
                throw new IOException("Truncated TAR archive"); // the library's words and type
            }
            count(read);
        }

        @Override
        protected byte[] getLongNameData() throws IOException {
            if (getCurrentEntry() != null && getCurrentEntry().getSize() > MAX_NAME_BYTES) {
                throw new IOException("a long name of " + getCurrentEntry().getSize() + " bytes");
            }
            return super.getLongNameData();
        }
    }

    /**
     * The entry's name as strict UTF-8. Tar names arrive as ISO-8859-1 (one char per byte) unless a
     * PAX header gave them, already decoded; zip names are taken from their raw bytes.
     */
    private static String utf8Name(ArchiveEntry entry) throws CharacterCodingException {
        if (entry instanceof TarArchiveEntry tar) {
            return utf8(tar.getName());
        }
        return strictUtf8(rawName(entry));
    }

    /**
     * A tar name or link target read as ISO-8859-1, as strict UTF-8; a PAX value is already Unicode,
     * and ASCII is its own UTF-8 (a stream of its chars and a new decoder per name before).
     */
    private static String utf8(String tarText) throws CharacterCodingException {
        char highest = 0;
        for (int i = 0; i < tarText.length(); i++) {
            highest = (char) Math.max(highest, tarText.charAt(i));
        }
        if (highest < 0x80 || highest > 0xff) {
            return tarText;
        }
        return strictUtf8(tarText.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Whether a text holds a character {@link #unprintable} refuses, code point by code point. */
    private static boolean anyUnprintable(String text) {
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            if (unprintable(c)) {
                return true;
            }
            i += Character.charCount(c);
        }
        return false;
    }

    /** A Windows drive's {@code C:} opening the text: a letter of A-Z or a-z, then a colon. */
    private static boolean startsWithDrive(String text) {
        if (text.length() < 2 || text.charAt(1) != ':') {
            return false;
        }
        char letter = text.charAt(0);
        return letter >= 'A' && letter <= 'Z' || letter >= 'a' && letter <= 'z';
    }

    /**
     * The names of a path between its separators, Unix's and Windows', as {@code split("[/\\\\]")}
     * gives them (empty names between separators kept, those at the end dropped); without an
     * expression run per entry.
     */
    static List<String> names(String path) {
        List<String> names = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c == '/' || c == '\\') {
                names.add(path.substring(start, i));
                start = i + 1;
            }
        }
        names.add(path.substring(start));
        if (start == 0) {
            return names; // no separator: the path itself, even empty
        }
        while (!names.isEmpty() && names.get(names.size() - 1).isEmpty()) {
            names.remove(names.size() - 1);
        }
        return names;
    }

    private static String strictUtf8(byte[] raw) throws CharacterCodingException {
        return StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(raw))
                .toString();
    }

    private static byte[] rawName(ArchiveEntry entry) {
        if (entry instanceof ZipArchiveEntry zip && zip.getRawName() != null) {
            return zip.getRawName();
        }
        return entry.getName().getBytes(StandardCharsets.ISO_8859_1);
    }

    /** Why a non-regular, non-link tar entry is refused, or null when it is a file, folder or symbolic link. */
    private static String special(TarArchiveEntry tar) {
        if (tar.isLink()) {
            return "hard link (to " + printable(tar.getLinkName()) + ")";
        }
        if (tar.isCharacterDevice() || tar.isBlockDevice()) {
            return "device file";
        }
        if (tar.isFIFO()) {
            return "FIFO";
        }
        return null;
    }

    private static String firstLine(String s) {
        String line = s.lines().findFirst().orElse("");
        return printable(line);
    }

    /** Control, format (bidi overrides), separator and lone surrogate characters: never shown raw. */
    private static boolean unprintable(int c) {
        int type = Character.getType(c);
        return Character.isISOControl(c)
                || type == Character.FORMAT
                || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR
                || type == Character.SURROGATE;
    }

    /** A name fit for one line of a report: unprintable characters as \\uXXXX, at most 200 characters. */
    public static String printable(String s) {
        StringBuilder b = new StringBuilder();
        s.codePoints().limit(200).forEach(c -> {
            if (unprintable(c)) {
                b.append(String.format(Locale.ROOT, "\\u%04x", c));
            } else {
                b.appendCodePoint(c);
            }
        });
        if (s.codePointCount(0, s.length()) > 200) {
            b.append("...");
        }
        return b.toString();
    }

    /** Bytes that are not UTF-8, shown as ASCII with \\xNN for the rest. */
    private static String printableBytes(byte[] bytes) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < Math.min(bytes.length, 200); i++) {
            int c = bytes[i] & 0xff;
            if (c >= 0x20 && c < 0x7f) {
                b.append((char) c);
            } else {
                b.append(String.format(Locale.ROOT, "\\x%02x", c));
            }
        }
        return bytes.length > 200 ? b + "..." : b.toString();
    }

    /** A zip entry written, with the CRC-32 of the bytes written. */
    private record Written(ZipArchiveEntry entry, String name, Path target, long crc) {}

    /** Raised while copying when the archive, not the disk, failed. */
    private static final class DamagedArchive extends Exception {
        private static final long serialVersionUID = 1L;

        DamagedArchive(Throwable cause) {
            super(cause);
        }
    }

    /** Counts the compressed bytes read, for the expansion ratio. */
    private static final class CountingInputStream extends FilterInputStream {
        long count;

        CountingInputStream(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = super.skip(n);
            count += Math.max(0, skipped);
            return skipped;
        }
    }
}
