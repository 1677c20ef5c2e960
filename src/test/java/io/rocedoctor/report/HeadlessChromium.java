package io.rocedoctor.report;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.stream.Stream;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's chromium and chromium-driver (which .ci/run installs) driven headless by Selenium, for the
 * tests that read what a browser rendered. Where either is not on PATH the calling test class is
 * skipped, saying which test and what to install.
 */
public final class HeadlessChromium {
    private HeadlessChromium() {}

    /** A 1280x1000 headless browser; the driver's log goes to {@code logFolder}. */
    public static WebDriver start(String skippedTest, Path logFolder) {
        Optional<Path> chromium = onPath("chromium", "chromium-browser");
        Optional<Path> driver = onPath("chromedriver");
        assumeTrue(
                chromium.isPresent() && driver.isPresent(),
                "no chromium and chromedriver on PATH: " + skippedTest + " is skipped;"
                        + " install Debian's chromium and chromium-driver packages (.ci/run does) to run it");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium.get().toFile());
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-dev-shm-usage",
                "--disable-gpu",
                "--window-size=1280,1000");
        // The driver from the distribution, so Selenium Manager never goes to the network for one.
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(driver.get().toFile())
                .withLogFile(logFolder.resolve("chromedriver.log").toFile())
                .build();
        WebDriver browser = new ChromeDriver(service, options);
        browser.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60));
        return browser;
    }

    private static Optional<Path> onPath(String... names) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .flatMap(dir -> Stream.of(names).map(name -> Path.of(dir, name)))
                .filter(Files::isExecutable)
                .findFirst();
    }
}
