package io.rocedoctor.bundle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A capture's text is read whole up to the limit, whatever size its file says it has or had when the
 * bundle was indexed, and decoded as UTF-8 whichever way it is decoded.
 */
class BundleTextReadTest {

    @TempDir
    Path tmp;

    @Test
    void aFileIsReadWholeAsUtf8WithMalformedBytesReplaced() throws Exception {
        Path file = tmp.resolve("ethtool_-S_ens1f0np0");
        byte[] bytes = "NIC statistics:\n     rx_packets: 845320277\n\u00e9\n".getBytes(StandardCharsets.UTF_8);
        byte[] withMalformed = java.util.Arrays.copyOf(bytes, bytes.length + 1);
        withMalformed[bytes.length] = (byte) 0xff;
        Files.write(file, withMalformed);

        assertThat(Bundle.readText(file)).isEqualTo("NIC statistics:\n     rx_packets: 845320277\n\u00e9\n\ufffd");
        assertThat(Bundle.readText(Files.write(tmp.resolve("empty"), new byte[0])))
                .isEmpty();
    }

    @Test
    void eachFileIsReadWholeWhateverTheFilesReadBeforeIt() throws Exception {
        // Larger than the reading buffer's first size, then smaller: nothing of one is left in the next.
        String large = "     rx_prio3_pause: 123456789\n".repeat(5_000) + "\u00e9\n";
        Path first = Files.writeString(tmp.resolve("large"), large);
        Path second = Files.writeString(tmp.resolve("small"), "9000\n");

        assertThat(Bundle.readText(first)).isEqualTo(large);
        assertThat(Bundle.readText(second)).isEqualTo("9000\n");
        assertThat(Bundle.readText(first, 9)).isEqualTo("     rx_p");
    }

    @Test
    void aFileThatCannotBeOpenedIsRefusedWithTheSystemsReason() throws Exception {
        Path folder = Files.createDirectory(tmp.resolve("commands"));

        assertThat(catchThrowable(() -> Bundle.readText(folder)))
                .isInstanceOf(java.io.IOException.class)
                .satisfies(e -> assertThat(IoReason.of(e)).isEqualTo("Is a directory"));
        assertThat(catchThrowable(() -> Bundle.readText(tmp.resolve("absent"))))
                .satisfies(e -> assertThat(IoReason.of(e)).isEqualTo("no such file"));
    }

    @Property
    void bytesDecodeAsTheUtf8DecoderDecodesThem(@ForAll("bytes") byte[] bytes, @ForAll("cut") int cut) {
        int length = Math.min(cut, bytes.length);

        assertThat(Bundle.decode(bytes, length)).isEqualTo(new String(bytes, 0, length, StandardCharsets.UTF_8));
    }

    @Provide
    Arbitrary<byte[]> bytes() {
        // Mostly ASCII, as captures are; now and then a high bit anywhere in an 8-byte word, or a whole character.
        Arbitrary<byte[]> piece = Arbitraries.oneOf(
                Arbitraries.strings().ascii().ofMaxLength(20).map(t -> t.getBytes(StandardCharsets.US_ASCII)),
                Arbitraries.of("\u00e9", "\u2028", "\ud83d\ude00").map(t -> t.getBytes(StandardCharsets.UTF_8)),
                Arbitraries.bytes().between((byte) 0x80, (byte) 0xff).map(b -> new byte[] {b}));
        return piece.list().ofMaxSize(12).map(pieces -> {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            pieces.forEach(out::writeBytes);
            return out.toByteArray();
        });
    }

    @Provide
    Arbitrary<Integer> cut() {
        return Arbitraries.integers().between(0, 300);
    }

    /**
     * Around the reading window (64 KiB a read) and the thread's buffer (64 KiB first, kept up to 1 MiB):
     * a file is read whole, or its first {@code limit} bytes, whatever was read before it.
     */
    @Property(tries = 60)
    void aFileIsReadWholeOrToTheLimitWhateverItsSizeAgainstTheReadingWindow(
            @ForAll("sizes") int size, @ForAll("sizes") int limit, @ForAll("sizes") int before) throws Exception {
        // jqwik gives a property no @TempDir: its files are made and removed here.
        Path earlier = Files.write(Files.createTempFile("before", ""), ascii(before, 'x'));
        Path file = Files.write(Files.createTempFile("capture", ""), ascii(size, 'a'));
        try {
            Bundle.readText(earlier);

            String text = Bundle.readText(file, limit);

            assertThat(text).isEqualTo(new String(ascii(Math.min(size, limit), 'a'), StandardCharsets.US_ASCII));
        } finally {
            Files.delete(earlier);
            Files.delete(file);
        }
    }

    /**
     * The size the index saw only saves the read that would confirm the end: a file that grew or
     * shrank since it was indexed is still read whole, or to the limit.
     */
    @Property(tries = 60)
    void aFileIsReadWholeWhateverSizeTheIndexSawOfIt(
            @ForAll("sizes") int size, @ForAll("sizes") int limit, @ForAll("indexedSizes") int sinceIndexed)
            throws Exception {
        Path file = Files.write(Files.createTempFile("capture", ""), ascii(size, 'a'));
        try {
            long indexed = Math.max(Capture.SIZE_UNKNOWN, (long) size + sinceIndexed);

            String text = Bundle.readText(file, limit, indexed);

            assertThat(text).isEqualTo(new String(ascii(Math.min(size, limit), 'a'), StandardCharsets.US_ASCII));
        } finally {
            Files.delete(file);
        }
    }

    /** How the file's size now differs from what the index saw: unchanged, most often. */
    @Provide
    Arbitrary<Integer> indexedSizes() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, Arbitraries.just(0)),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(-70_000, 70_000)),
                net.jqwik.api.Tuple.of(1, Arbitraries.of(-1, 1, 64 << 10)));
    }

    @Provide
    Arbitrary<Integer> sizes() {
        int window = 64 << 10;
        return Arbitraries.oneOf(
                Arbitraries.of(0, 1, window - 1, window, window + 1, 2 * window, (1 << 20) + 1),
                Arbitraries.integers().between(0, 3 * window));
    }

    /** {@code n} bytes of letters from {@code first} on, so that a byte out of place shows. */
    private static byte[] ascii(int n, char first) {
        byte[] bytes = new byte[n];
        for (int i = 0; i < n; i++) {
            bytes[i] = (byte) (first + i % ('z' - first + 1));
        }
        return bytes;
    }
}
