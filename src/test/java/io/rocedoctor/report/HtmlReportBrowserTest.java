package io.rocedoctor.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.synth.Faults;
import io.rocedoctor.synth.HostShape;
import io.rocedoctor.synth.Synthesizer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

/**
 * Rendered report files read in headless Chromium (Debian's chromium and chromium-driver, which
 * .ci/run installs), driven by Selenium: the order of the pictures, the units their axes carry, no
 * token of an evidence cell broken over two lines, the rule pages a finding links to, and a fleet's
 * host table before its hosts. Every check reads what the browser laid out. Skipped, saying so,
 * where Chromium or its driver is not installed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HtmlReportBrowserTest {
    /**
     * The words of the elements matching the selector that the browser laid out over more than one
     * line: a token split by wrapping has client rectangles at different heights.
     */
    private static final String BROKEN_TOKENS = """
            const broken = [];
            for (const cell of document.querySelectorAll(arguments[0])) {
              const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
              for (let node = walk.nextNode(); node; node = walk.nextNode()) {
                const re = /\\S+/g;
                let m;
                while ((m = re.exec(node.data)) !== null) {
                  const range = document.createRange();
                  range.setStart(node, m.index);
                  range.setEnd(node, m.index + m[0].length);
                  const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
                  if (tops.size > 1) broken.push(m[0]);
                }
              }
            }
            return broken;
            """;

    private Path temp;
    private WebDriver browser;

    @BeforeAll
    void start() throws Exception {
        temp = Files.createTempDirectory("roce-report-browser");
        browser = HeadlessChromium.start("the HTML report's browser test", temp);
    }

    @AfterAll
    void stop() throws Exception {
        if (browser != null) {
            browser.quit();
        }
        if (temp != null) {
            io.rocedoctor.bundle.ScratchFolder.delete(temp);
        }
    }

    private void open(String html) throws Exception {
        Path file =
                Files.writeString(temp.resolve("report-" + System.nanoTime() + ".html"), html, StandardCharsets.UTF_8);
        browser.get(file.toUri().toString());
    }

    private List<String> figureKinds() {
        return browser.findElements(By.cssSelector("figure[data-figure]")).stream()
                .map(f -> f.getDomAttribute("data-figure"))
                .toList();
    }

    @Test
    void theRootCausesPictureComesFirst() throws Exception {
        // a PCIe ceiling is the root cause here; traffic and interrupt pictures are drawn too
        open(new HtmlRenderer().render(ReportFixtures.scenario("pcie-gen3-x8-dual-100g")));
        assertThat(browser.findElement(By.cssSelector("article.finding h3")).getText())
                .contains("PCIE_CEILING_BELOW_PORTS");
        assertThat(figureKinds()).hasSizeGreaterThan(1).first().isEqualTo("pcie");

        // the same figures for an IRQ root cause lead with the interrupts
        open(new HtmlRenderer().render(ReportFixtures.scenario("cross-numa-irq")));
        assertThat(figureKinds()).first().isEqualTo("interrupts");
    }

    @Test
    void everyPicturesAxesSayTheirUnit() throws Exception {
        open(new HtmlRenderer().render(ReportFixtures.scenario("dual-port-hash-concentration")));
        assertThat(figureKinds()).contains("path-shares", "interrupts", "pause", "pcie");
        assertThat(figureText("path-shares")).contains("%");
        assertThat(figureText("interrupts")).containsPattern("interrupts (between samples|since boot)");
        assertThat(figureText("pause")).containsPattern("pause frames(/s| since boot)");
        assertThat(figureText("pcie")).contains("Gb/s");
    }

    private String figureText(String kind) {
        return String.join(
                "\n",
                browser.findElements(By.cssSelector("figure[data-figure='" + kind + "'] svg text")).stream()
                        .map(WebElement::getText)
                        .toList());
    }

    @Test
    void noTokenOfAnEvidenceCellIsBrokenOverTwoLinesInANarrowWindow() throws Exception {
        browser.manage().window().setSize(new Dimension(560, 1000));
        try {
            String html = new HtmlRenderer().render(ReportFixtures.scenario("dual-port-hash-concentration"));
            open(html);
            assertThat(browser.findElements(By.cssSelector("td.value"))).isNotEmpty();
            assertThat(brokenTokens("td.value")).isEmpty();
            // the check sees a broken token: the same page with the old rule breaking words anywhere
            open(html.replace("overflow-wrap:break-word}", "overflow-wrap:anywhere}"));
            assertThat(brokenTokens("td.value")).isNotEmpty();
        } finally {
            browser.manage().window().setSize(new Dimension(1280, 1000));
        }
    }

    @SuppressWarnings("unchecked")
    private List<String> brokenTokens(String selector) {
        return (List<String>) ((JavascriptExecutor) browser).executeScript(BROKEN_TOKENS, selector);
    }

    @Test
    void aFindingLinksToItsRulePageRenderedFromMarkdown() throws Exception {
        open(new HtmlRenderer().render(ReportFixtures.scenario("cross-numa-irq")));
        WebElement link = browser.findElement(By.cssSelector("article.finding h3 a[href='#rule-IRQ_CROSS_NUMA']"));
        link.click();
        WebElement page = browser.findElement(By.id("rule-IRQ_CROSS_NUMA"));
        assertThat(page.findElement(By.tagName("h4")).getText()).isEqualTo("What it means");
        assertThat(page.findElements(By.tagName("code")))
                .extracting(WebElement::getText)
                .contains("set_irq_affinity_cpulist.sh");
        assertThat(page.getText()).doesNotContain("`").doesNotContain("node N");
    }

    @Test
    void aTwentyHostFleetShowsItsHostTableFirst() throws Exception {
        Path out = temp.resolve("fleet");
        List<Synthesizer.Written> written = new Synthesizer()
                .write(
                        out,
                        new Synthesizer.Request(
                                20,
                                HostShape.TYPICAL,
                                7,
                                List.of(Faults.byId("IRQ_CROSS_NUMA").orElseThrow()),
                                "node-"));
        List<Report> hosts = new ArrayList<>();
        for (Synthesizer.Written w : written) {
            hosts.add(ReportFixtures.read(w.bundle()));
        }
        Fleet fleet = Fleet.of(hosts.stream().map(Fleet.HostRow::of).toList(), List.of(), List.of(), List.of());
        open(new HtmlRenderer().renderFleet(fleet, hosts));

        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("RoCE fleet report");
        assertThat(browser.findElement(By.cssSelector("p.headline")).getText())
                .startsWith("Fleet: 20 bundles analysed, 20 distinct hosts;");
        assertThat(browser.findElement(By.tagName("h2")).getText()).isEqualTo("Hosts");
        List<WebElement> rows = browser.findElements(By.cssSelector("table.hosts tr"));
        assertThat(rows).hasSize(21);
        WebElement table = browser.findElement(By.cssSelector("table.hosts"));
        WebElement firstHost = browser.findElement(By.cssSelector("details.host"));
        assertThat(table.getLocation().getY())
                .isLessThan(firstHost.getLocation().getY());
        // each host collapsed: its findings are not shown until opened
        assertThat(firstHost.getDomAttribute("open")).isNull();
        assertThat(browser.findElement(By.tagName("body")).getText()).contains("IRQ_CROSS_NUMA");
    }
}
