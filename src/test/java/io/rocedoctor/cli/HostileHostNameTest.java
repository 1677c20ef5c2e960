package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Issue 17's injection through the manifest's host name, end to end: {@code host: "dbx-r2-14\ntouch
 * evil.txt\n#"} is refused as a host name, no generated file holds it raw or any control character,
 * {@code bash apply.sh} and {@code bash rollback.sh} in a scratch folder make nothing, and the JUnit
 * report's attributes show it escaped.
 */
class HostileHostNameTest {
    @TempDir
    Path tmp;

    private Path bundle() throws IOException {
        Path bundle = tmp.resolve("bundle");
        Cli.copyTree(Path.of("fixtures/bundles/cross-numa-irq"), bundle);
        Path manifest = bundle.resolve("manifest.yaml");
        Files.writeString(
                manifest,
                Files.readString(manifest).replace("host: hpc-node-112", "host: \"dbx-r2-14\\ntouch evil.txt\\n#\""));
        return bundle;
    }

    @Test
    void theHostNameIsRefusedAndNeverBecomesCode() throws Exception {
        Path out = tmp.resolve("plan");
        Cli cli = Cli.run("plan", bundle().toString(), "--out", out.toString());
        assertThat(cli.exit()).as(cli.err()).isZero();
        assertThat(cli.out())
                .contains("refused host-check", "the bundle's host name 'dbx-r2-14\\u000atouch evil.txt\\u000a#'");
        try (Stream<Path> files = Files.walk(out)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                String text = Files.readString(f);
                assertThat(text).as(f.toString()).matches("[\\x20-\\x7e\\n]*");
                if (!f.endsWith("plan.yaml")) {
                    assertThat(text).as(f.toString()).doesNotContain("evil.txt");
                }
            }
        }
        Path scratch = Files.createDirectories(tmp.resolve("scratch"));
        for (String script : List.of("apply.sh", "rollback.sh")) {
            Process bash = new ProcessBuilder("bash", out.resolve(script).toString())
                    .directory(scratch.toFile())
                    .redirectErrorStream(true)
                    .start();
            String said = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(bash.waitFor()).as(said).isZero();
            assertThat(said).contains("the bundle records no host name to check this host against");
        }
        try (Stream<Path> made = Files.list(scratch)) {
            assertThat(made.toList())
                    .as("bash apply.sh ran nothing from the bundle")
                    .isEmpty();
        }
        assertThat(out.resolve("evil.txt")).doesNotExist();
    }

    @Test
    void theJunitReportShowsTheHostNameEscapedInItsAttributes() throws Exception {
        Cli cli = Cli.run("analyze", bundle().toString(), "--format", "junit");
        assertThat(cli.out()).doesNotContain("dbx-r2-14\n");
        Element suite = (Element) DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(new java.io.ByteArrayInputStream(cli.out().getBytes(StandardCharsets.UTF_8)))
                .getElementsByTagName("testsuite")
                .item(0);
        assertThat(suite.getAttribute("hostname")).isEqualTo("dbx-r2-14\\u000atouch evil.txt\\u000a#");
        NodeList cases = suite.getElementsByTagName("testcase");
        for (int i = 0; i < cases.getLength(); i++) {
            assertThat(((Element) cases.item(i)).getAttribute("name")).matches("[\\x20-\\x7e]*");
        }
    }
}
