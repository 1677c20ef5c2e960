package io.rocedoctor.bundle;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.tar.TarConstants;
import org.junit.jupiter.api.Test;

/**
 * The extractor's tar reader steps over an entry's padding itself (the library allocates an array
 * per skip): read entry by entry, every archive and every truncation of it gives the entries, the
 * bytes and the failure that commons-compress's own reader gives.
 */
class TarPaddingTest {

    /** Files of sizes around the 512-byte record, a folder, a link, a GNU long name and PAX headers. */
    private static byte[] archive() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (TarArchiveOutputStream tar = new TarArchiveOutputStream(bytes)) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_GNU);
            tar.setAddPaxHeadersForNonAsciiNames(true);
            TarArchiveEntry folder = new TarArchiveEntry("fs/");
            tar.putArchiveEntry(folder);
            tar.closeArchiveEntry();
            int i = 0;
            for (int size : new int[] {0, 1, 511, 512, 513, 1000, 1024}) {
                file(tar, "fs/file-" + size, size, i++);
            }
            file(tar, "fs/" + "long-name-".repeat(12), 700, i++);
            file(tar, "fs/\u00e9t\u00e9", 3, i++);
            TarArchiveEntry link = new TarArchiveEntry("fs/link", TarConstants.LF_SYMLINK);
            link.setLinkName("file-1");
            tar.putArchiveEntry(link);
            tar.closeArchiveEntry();
            file(tar, "fs/last", 100, i);
        }
        return bytes.toByteArray();
    }

    private static void file(TarArchiveOutputStream tar, String name, int size, int seed) throws IOException {
        byte[] data = new byte[size];
        Arrays.fill(data, (byte) ('a' + seed));
        TarArchiveEntry entry = new TarArchiveEntry(name);
        entry.setSize(size);
        tar.putArchiveEntry(entry);
        tar.write(data);
        tar.closeArchiveEntry();
    }

    /** Each entry's name and content read to its end, then how reading ended. */
    private static List<String> readAll(TarArchiveInputStream in) {
        List<String> seen = new ArrayList<>();
        try (in) {
            TarArchiveEntry entry;
            while ((entry = in.getNextEntry()) != null) {
                seen.add(entry.getName() + " = " + new String(in.readAllBytes(), StandardCharsets.ISO_8859_1));
            }
            seen.add("end");
        } catch (IOException | RuntimeException e) {
            seen.add(e.getClass().getName() + ": " + e.getMessage());
        }
        return seen;
    }

    private static List<String> library(byte[] tar) {
        return readAll(new TarArchiveInputStream(new ByteArrayInputStream(tar), "ISO-8859-1"));
    }

    private static List<String> ours(byte[] tar) {
        return readAll(new ArchiveExtractor.BoundedTarInputStream(new ByteArrayInputStream(tar)));
    }

    @Test
    void aWholeArchiveReadsAsTheLibraryReadsIt() throws IOException {
        byte[] tar = archive();

        List<String> read = ours(tar);

        assertThat(read).isEqualTo(library(tar));
        assertThat(read).hasSize(13).last().isEqualTo("end");
        assertThat(read).contains("fs/file-513 = " + "e".repeat(513), "fs/last = " + "j".repeat(100));
    }

    @Test
    void everyTruncationFailsAsTheLibraryFails() throws IOException {
        byte[] tar = archive();
        for (int cut = 0; cut < tar.length; cut++) {
            byte[] head = Arrays.copyOf(tar, cut);
            assertThat(ours(head)).as("cut at byte %d", cut).isEqualTo(library(head));
        }
    }

    @Test
    void aCutInsideAPaddingEndsEarlyAfterTheEntryBeforeIt() throws IOException {
        byte[] tar = archive();
        // fs/ (header), fs/file-0 (header), fs/file-1 (header, 1 byte and 511 of padding): cut in that padding.
        byte[] head = Arrays.copyOf(tar, 3 * 512 + 100);

        List<String> read = ours(head);

        assertThat(read)
                .containsExactly(
                        "fs/ = ", "fs/file-0 = ", "fs/file-1 = b", "java.io.IOException: Truncated TAR archive");
    }

    /** A stream that hands out at most a few bytes per read, as a decompressor may. */
    @Test
    void shortReadsOfThePaddingAreReadOn() throws IOException {
        byte[] tar = archive();
        InputStream dribble = new ByteArrayInputStream(tar) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 7));
            }
        };

        assertThat(readAll(new ArchiveExtractor.BoundedTarInputStream(dribble))).isEqualTo(library(tar));
    }
}
