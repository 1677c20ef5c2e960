package io.rocedoctor.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The people's pages in a real browser: headless Chromium (Debian's chromium and chromium-driver,
 * which .ci/run installs) driven by Selenium against a real service on H2. A customer logs in with
 * its token, uploads two bundles through the case page's form, reads the report, follows the diff
 * link between them, and is kept out of another customer's case. Every check reads the rendered text.
 * Skipped, saying so, where Chromium or its driver is not installed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ServePagesBrowserTest {
    private Path temp;
    private ServeHarness server;
    private WebDriver browser;

    @BeforeAll
    void start() throws Exception {
        temp = Files.createTempDirectory("roce-serve-browser");
        browser = io.rocedoctor.report.HeadlessChromium.start("the pages' browser test", temp);
        server = ServeHarness.start(ServeHarness.Db.H2, temp.resolve("data"), 16L << 20);
    }

    @AfterAll
    void stop() throws Exception {
        if (browser != null) {
            browser.quit();
        }
        if (server != null) {
            server.close();
        }
        if (temp != null) {
            io.rocedoctor.bundle.ScratchFolder.delete(temp);
        }
    }

    @Test
    void aCustomerLogsInUploadsThroughThePageReadsTheReportFollowsTheDiffAndCannotOpenAnotherCase() throws Exception {
        String customer = server.token(Principal.Role.CUSTOMER, "SR-WEB");
        Path before = ServeHarness.tarball("cross-numa-irq", temp.resolve("before.tar.gz"));
        Path after = ServeHarness.tarball("healthy", temp.resolve("after.tar.gz"));
        String otherCustomer = server.token(Principal.Role.CUSTOMER, "SR-OTHER");
        long otherBundle = ServeHarness.json(server.uploadRaw(otherCustomer, "SR-OTHER", after))
                .get("id")
                .asLong();

        browser.get(server.base + "/cases/SR-WEB");
        assertThat(browser.getCurrentUrl())
                .as("a page without a session leads to the login")
                .endsWith("/login");
        browser.findElement(By.id("token")).sendKeys("rdt_not_a_token");
        clickAndLoad(By.id("login"));
        assertThat(browser.findElement(By.id("error")).getText()).isEqualTo("That token is not valid.");
        browser.findElement(By.id("token")).sendKeys(customer);
        clickAndLoad(By.id("login"));
        assertThat(browser.getCurrentUrl()).endsWith("/cases/SR-WEB");
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Case SR-WEB");

        long first = uploadThroughThePage(before);
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Bundle #" + first + " of case SR-WEB");
        awaitDone();
        assertThat(browser.findElement(By.id("findings")).getText())
                .contains("IRQ_CROSS_NUMA", "critical", "0000:3b:00");

        clickAndLoad(By.id("report-html"));
        String report = browser.findElement(By.tagName("body")).getText();
        assertThat(report).contains("hpc-node-112", "IRQ_CROSS_NUMA");

        browser.get(server.base + "/cases/SR-WEB");
        long second = uploadThroughThePage(after);
        awaitDone();
        assertThat(browser.findElement(By.id("findings")).getText()).doesNotContain("IRQ_CROSS_NUMA");

        browser.get(server.base + "/cases/SR-WEB");
        String bundles = browser.findElement(By.id("bundles")).getText();
        assertThat(bundles)
                .contains("#" + first, "#" + second, "before.tar.gz", "after.tar.gz", "hpc-node-112", "gpu-node-21");
        clickAndLoad(By.className("diff"));
        assertThat(browser.findElement(By.tagName("h1")).getText())
                .isEqualTo("Case SR-WEB: bundle " + first + " → bundle " + second);
        assertThat(browser.findElement(By.className("findings-gone")).getText())
                .contains("IRQ_CROSS_NUMA 0000:3b:00 critical");
        assertThat(browser.findElement(By.className("findings-new")).getText()).doesNotContain("IRQ_CROSS_NUMA");

        for (String path : List.of(
                "/cases/SR-OTHER",
                "/bundles/" + otherBundle,
                "/bundles/" + otherBundle + "/report?format=html",
                "/cases/SR-OTHER/diff?before=" + otherBundle + "&after=" + otherBundle)) {
            browser.get(server.base + path);
            String page = browser.findElement(By.tagName("body")).getText();
            assertThat(browser.findElement(By.tagName("h1")).getText()).as(path).isEqualTo("404");
            assertThat(page).as(path).doesNotContain("gpu-node-21", "after.tar.gz");
        }
        browser.get(server.base + "/");
        assertThat(browser.findElement(By.id("cases")).getText())
                .contains("SR-WEB")
                .doesNotContain("SR-OTHER");
    }

    /** Chooses the file in the case page's form and sends it; returns the bundle id of the page it leads to. */
    private long uploadThroughThePage(Path file) {
        browser.findElement(By.id("bundle")).sendKeys(file.toAbsolutePath().toString());
        clickAndLoad(By.id("upload"));
        String url = browser.getCurrentUrl();
        assertThat(url).matches(".*/bundles/[0-9]+$");
        return Long.parseLong(url.substring(url.lastIndexOf('/') + 1));
    }

    /**
     * Clicks what submits a form or follows a link and waits until the next page has replaced this
     * one: click() returns once the event is dispatched, before the browser has navigated.
     */
    private void clickAndLoad(By target) {
        WebElement page = browser.findElement(By.tagName("html"));
        browser.findElement(target).click();
        WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(60));
        // Chromium reports the old page's node either as stale or, mid-navigation, as "Node with given
        // id does not belong to the document" (a plain WebDriverException): both mean it was replaced.
        wait.until(driver -> {
            try {
                page.isEnabled();
                return false;
            } catch (org.openqa.selenium.WebDriverException gone) {
                return true;
            }
        });
        wait.until(
                driver -> "complete".equals(((JavascriptExecutor) driver).executeScript("return document.readyState")));
    }

    /** Reloads the bundle's page until its analysis is done (the page says to reload while it runs). */
    private void awaitDone() throws InterruptedException {
        long until = System.currentTimeMillis() + 60_000;
        while (!browser.findElement(By.id("state")).getText().equals("done") && System.currentTimeMillis() < until) {
            Thread.sleep(200);
            browser.navigate().refresh();
        }
        assertThat(browser.findElement(By.id("state")).getText()).isEqualTo("done");
    }
}
