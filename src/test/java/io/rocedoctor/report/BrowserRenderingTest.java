package io.rocedoctor.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML report in a real browser: headless Chromium (Debian's package, which .ci/run installs)
 * renders it with no console message (a script error or a blocked load would log one) and paints a
 * non-trivial screenshot. Skipped, saying so, where no Chromium is installed.
 */
class BrowserRenderingTest {
    private static final List<String> BROWSERS = List.of("chromium", "chromium-browser", "google-chrome");
    private static Path browser;

    @TempDir
    Path tmp;

    @BeforeAll
    static void findBrowser() {
        browser = Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .flatMap(dir -> BROWSERS.stream().map(name -> Path.of(dir, name)))
                .filter(Files::isExecutable)
                .findFirst()
                .orElse(null);
        assumeTrue(
                browser != null,
                "no Chromium on PATH (" + BROWSERS + "): browser test skipped; "
                        + "install Debian's chromium package (.ci/run does) to run it");
    }

    @Test
    void theReportRendersWithoutConsoleMessagesIntoANonTrivialScreenshot() throws Exception {
        Path page = page(new HtmlRenderer().render(ReportFixtures.scenario("dual-port-hash-concentration")));
        Path png = tmp.resolve("report.png");
        Run run = chromium(
                "--screenshot=" + png, "--window-size=1280,2000", page.toUri().toString());
        assertThat(run.consoleMessages()).as(run.stderr()).isEmpty();
        assertThat(png).exists();
        byte[] bytes = Files.readAllBytes(png);
        assertThat(bytes).startsWith(0x89, 'P', 'N', 'G');
        assertThat(bytes.length)
                .as("a blank 1280x2000 page compresses to a few kB")
                .isGreaterThan(40_000);
    }

    @Test
    void theBrowserBuildsTheFourPicturesAsSvgElements() throws Exception {
        Path page = page(new HtmlRenderer().render(ReportFixtures.scenario("dual-port-hash-concentration")));
        String dom = chromium("--dump-dom", page.toUri().toString()).stdout();
        for (String kind : List.of("path-shares", "interrupts", "pause", "pcie")) {
            assertThat(dom).contains("<svg class=\"chart " + kind + "\"");
        }
    }

    /** The console check above can fail: a page with a script the policy blocks logs a message. */
    @Test
    void aBlockedScriptIsSeenOnTheConsole() throws Exception {
        Path page = page("<!DOCTYPE html><html><head><meta http-equiv=\"Content-Security-Policy\" "
                + "content=\"default-src 'none'\"></head><body><script>missing()</script></body></html>");
        Run run = chromium(
                "--screenshot=" + tmp.resolve("bad.png"),
                "--window-size=400,300",
                page.toUri().toString());
        assertThat(run.consoleMessages()).isNotEmpty();
    }

    private Path page(String html) throws IOException {
        return Files.writeString(tmp.resolve("page-" + System.nanoTime() + ".html"), html, StandardCharsets.UTF_8);
    }

    private record Run(String stdout, String stderr) {
        List<String> consoleMessages() {
            return stderr.lines()
                    .filter(l -> l.contains(":CONSOLE") || l.contains("Uncaught"))
                    .toList();
        }
    }

    /** Flags as a locked-down machine needs them: no sandbox as root, no background connections. */
    private Run chromium(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                browser.toString(),
                "--headless",
                "--disable-gpu",
                "--no-sandbox",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + Files.createTempDirectory(tmp, "profile"),
                "--enable-logging=stderr",
                "--v=0"));
        cmd.addAll(List.of(args));
        Path out = tmp.resolve("stdout-" + System.nanoTime());
        Path err = tmp.resolve("stderr-" + System.nanoTime());
        Process p = new ProcessBuilder(cmd)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        if (!p.waitFor(3, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish: " + Files.readString(err));
        }
        String stderr = Files.readString(err);
        assertThat(p.exitValue()).as(stderr).isZero();
        return new Run(Files.readString(out), stderr);
    }
}
