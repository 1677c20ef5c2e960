package io.rocedoctor.collect;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.parse.RealSamples;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The shell collector's redactor (the awk program between {@code # redactor:begin} and
 * {@code # redactor:end} in scripts/roce-doctor-collect.sh) and {@link Redactor}: the same texts
 * in the same order give the same bytes, token for token. The awk is run as the script runs it:
 * once per text, the tokens kept in a file between runs.
 */
class ShellRedactorTest {
    private static final Path SCRIPT = Path.of("scripts/roce-doctor-collect.sh");
    private static final List<String> NAMES = List.of("gpu-node-17", "gpu-node-17.lab.example", "lab.example");

    @Test
    void everyFixtureOutputIsRedactedAlike() throws IOException {
        assertSameRedaction(List.of("gpu-node-21", "leaf1"), List.of(concatenated(Path.of("fixtures"))));
    }

    @Test
    void everyRealSampleIsRedactedAlike() throws IOException {
        Optional<Path> samples = RealSamples.root();
        Assumptions.assumeTrue(samples.isPresent(), "ROCE_DOCTOR_SAMPLES is not set to a folder: real samples skipped");

        assertSameRedaction(List.of("gpu-node-17"), List.of(concatenated(samples.get())));
    }

    @Test
    void tokensCarryOverFromOneTextToTheNextAndTheLastNewlineIsKeptOrNot() {
        assertSameRedaction(
                NAMES,
                List.of(
                        "inet 192.168.7.21/24 on gpu-node-17\n\tVendor SN : GJ2308161004\n",
                        "",
                        "\n",
                        "GID 192.168.7.21 of gpu-node-17.lab.example, SN GJ2308161004 again: Vendor SN:GJ2308161004",
                        "link/ether 0c:42:a1:5e:77:10 \u00e9\r\n"));
    }

    @Test
    void theNearMissesOfEachKindOfValueAreRedactedAlike() {
        assertSameRedaction(NAMES, List.of("""
                1.2.3.4.5 1.2.3.4x 01.2.3.4 256.1.1.1 _10.1.1.1 -10.1.1.1 10.1.1.1. 10.1.1.1:80 10.1.1 1234.1.1.1
                ::ffff:10.1.1.1 a::1.2.3.4. a::1.2.3.4x a::1.2.3.4.5 ::ffff:1.2.3.999 1:2:3:4:5:6:1.2.3.4 1:2:3:4:5:6:7:1.2.3.4
                a:b: :: ::: :::: ::1 ::0001 0:0:0:0:0:0:0:1 ff02::1 FF02::2 FE80::1 fe80:0:0:0:0:0:0:1 2001:DB8::1 1:2:3:4:5:6:7:8:9
                12345:ab:cd ag:01:02 x0c:42:a1:5e:77:10 0c:42:a1:5e:77:10x 0c:42:a1:5e:77:10:99 .0c:42:a1:5e:77:10 0C-42-A1-5E-77-10
                0000:0000:0000:0000:0000:FFFF:C0A8:0715 0000:0000:0000:0000:0001:ffff:c0a8:0715 0:0:0:0:0:ffff:c0a8:715
                0c42:a103:0065:4b42 0C42:A103:0065:4B42 0c42:a103:0065:4b42:1 12:34:56 10:15:00.123 0000:3b:00.0
                gpu-node-17 gpu-node-17x xgpu-node-17 gpu-node-17.lab.example.com lab.example: (gpu-node-17) gpu-node-17- _gpu-node-17_
                Vendor SN:  \r
                ASN: 1 xsn: 2 sn : 3 S/N: 4 [SN] Serial number: MT1 Serial Number:: 5\tVendor Serial Number\t:\tS2202655321-1\t\r tail
                Capabilities: [140 v1] Device Serial Number 0c-42-a1-ff-ff-12-34-56
                Device Serial Number 0C-42-A1-FF-FF-12-34-56x device serial number  0c-42-a1-ff-ff-12-34-57 Device Serial Number 0c-42
                Device Serial Number\t00-00-00-00-00-00-00-00 and again Device Serial Number 0c-42-a1-ff-ff-12-34-56.
                \t\t\t[V3] Vendor specific: 6e988f87fb9ced118000946dae47a24a
                \t\t\t[YA] Asset tag:
                """));
    }

    @Property(tries = 30)
    void anyTextIsRedactedAlike(@ForAll("lines") List<String> lines) {
        assertSameRedaction(NAMES, List.of(String.join("\n", lines)));
    }

    /** Lines made of the pieces the rules look at: digits, hex, separators, labels, the host's names. */
    @Provide
    Arbitrary<List<String>> lines() {
        Arbitrary<String> piece = Arbitraries.oneOf(
                Arbitraries.strings()
                        .withChars("0123456789abcdefABCDEFxyz:.-_ \t\r/[]")
                        .ofMaxLength(12),
                Arbitraries.integers().between(0, 300).map(String::valueOf),
                Arbitraries.of(
                        "::",
                        "ffff:",
                        "fe80::",
                        ".",
                        ":",
                        "0c:42:a1:5e:77:",
                        "192.168.",
                        "Vendor SN: ",
                        "Serial Number: ",
                        "[VU] Vendor specific: ",
                        "Device Serial Number ",
                        "0c-42-a1-ff-ff-12-34-56",
                        "gpu-node-17",
                        "lab.example",
                        "\u00e9",
                        "\u00ff"));
        return piece.list().ofMaxSize(20).map(p -> String.join("", p)).list().ofMaxSize(40);
    }

    private void assertSameRedaction(List<String> names, List<String> texts) {
        Redactor redactor = new Redactor(names);
        List<String> awk = awk(names, texts);
        for (int t = 0; t < texts.size(); t++) {
            String shell = awk.get(t);
            String java = latin1(redactor.redact(texts.get(t).getBytes(StandardCharsets.ISO_8859_1)));
            assertThat(shell).as(() -> firstDifference(shell, java)).isEqualTo(java);
        }
    }

    /** The first line the two redactions differ on: the whole of a large text would bury it. */
    private static String firstDifference(String awk, String java) {
        String[] a = awk.split("\n", -1);
        String[] j = java.split("\n", -1);
        for (int n = 0; n < Math.min(a.length, j.length); n++) {
            if (!a[n].equals(j[n])) {
                return "line " + (n + 1) + ": awk <" + a[n] + "> Redactor <" + j[n] + ">";
            }
        }
        return a.length + " lines from awk, " + j.length + " from Redactor";
    }

    /** The texts redacted in turn by the script's awk program, as the script runs it on the files of one bundle. */
    private static List<String> awk(List<String> names, List<String> texts) {
        try {
            Path work = Files.createTempDirectory("shell-redactor");
            try {
                Path program = Files.writeString(work.resolve("redact.awk"), program());
                Path tokens = work.resolve("tokens");
                Files.write(tokens, names.stream().map(n -> "name " + n).toList(), StandardCharsets.ISO_8859_1);
                List<String> out = new ArrayList<>();
                for (String text : texts) {
                    Path in = Files.writeString(work.resolve("in"), text, StandardCharsets.ISO_8859_1);
                    ProcessBuilder awk = new ProcessBuilder(
                                    "awk",
                                    "-v",
                                    "state=" + tokens,
                                    "-v",
                                    "final_newline=" + (text.endsWith("\n") ? 1 : 0),
                                    "-f",
                                    program.toString())
                            .redirectInput(in.toFile())
                            .redirectError(ProcessBuilder.Redirect.INHERIT);
                    awk.environment().put("LC_ALL", "C"); // as the script sets it: bytes, not characters
                    Process p = awk.start();
                    p.getOutputStream().close();
                    String redacted = latin1(p.getInputStream().readAllBytes());
                    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
                    assertThat(p.exitValue()).isZero();
                    out.add(redacted);
                }
                return out;
            } finally {
                for (String file : List.of("redact.awk", "tokens", "in")) {
                    Files.deleteIfExists(work.resolve(file));
                }
                Files.delete(work);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String program() throws IOException {
        List<String> lines = Files.readAllLines(SCRIPT);
        int begin = lines.indexOf("# redactor:begin");
        int end = lines.indexOf("# redactor:end");
        assertThat(begin).as("the script's redactor markers").isNotNegative().isLessThan(end);
        return String.join("\n", lines.subList(begin, end + 1)) + "\n";
    }

    /** Every file under a folder, one after the other: one awk run for a whole corpus. */
    private static String concatenated(Path folder) throws IOException {
        StringBuilder corpus = new StringBuilder();
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                corpus.append(Files.readString(f, StandardCharsets.ISO_8859_1)).append('\n');
            }
        }
        return corpus.toString();
    }

    private static String latin1(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }
}
