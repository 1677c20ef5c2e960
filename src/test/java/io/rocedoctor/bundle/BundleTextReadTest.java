package io.rocedoctor.bundle;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.commons.compress.utils.SeekableInMemoryByteChannel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A capture's text is read whole up to the limit, whatever size its file says it has. */
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
    void aLongerTextStopsAtTheLimit() throws Exception {
        byte[] text = "0123456789".getBytes(StandardCharsets.US_ASCII);

        assertThat(Bundle.readAtMost(new SeekableInMemoryByteChannel(text), 4)).containsExactly('0', '1', '2', '3');
        assertThat(Bundle.readAtMost(new SeekableInMemoryByteChannel(text), 10)).isEqualTo(text);
        assertThat(Bundle.readAtMost(new SeekableInMemoryByteChannel(text), 11)).isEqualTo(text);
    }

    @Test
    void whatLiesBeyondTheSizeAChannelGivesIsReadOnUpToTheLimit() throws Exception {
        byte[] text =
                "           CPU0\n  0:         42   IO-APIC   2-edge      timer\n".getBytes(StandardCharsets.US_ASCII);

        assertThat(Bundle.readAtMost(understated(text, 0), 1 << 20)).isEqualTo(text);
        assertThat(Bundle.readAtMost(understated(text, 5), 1 << 20)).isEqualTo(text);
        assertThat(Bundle.readAtMost(understated(text, 5), 9)).hasSize(9);
    }

    /** A channel saying it holds fewer bytes than it gives, as a file still being written (or /proc's 0). */
    private static SeekableInMemoryByteChannel understated(byte[] bytes, long said) {
        return new SeekableInMemoryByteChannel(bytes) {
            @Override
            public long size() {
                return said;
            }
        };
    }
}
