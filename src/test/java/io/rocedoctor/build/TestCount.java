package io.rocedoctor.build;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;

/**
 * Prints the closing line of {@code mvn verify}, "N passed, N failed, N skipped", from the
 * Surefire and Failsafe reports: {@code mvn -q} prints nothing of the test runs themselves.
 */
public final class TestCount {
    private static final Pattern REPORT = Pattern.compile("TEST-.*\\.xml");

    private TestCount() {}

    public static void main(String[] args) throws Exception {
        long tests = 0;
        long failed = 0;
        long skipped = 0;
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        for (String folder : args) {
            Path dir = Path.of(folder);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (DirectoryStream<Path> reports = Files.newDirectoryStream(dir)) {
                for (Path report : reports) {
                    Matcher m = REPORT.matcher(report.getFileName().toString());
                    if (!m.matches()) {
                        continue;
                    }
                    Element suite = parse(factory, report);
                    tests += count(suite, "tests");
                    failed += count(suite, "failures") + count(suite, "errors");
                    skipped += count(suite, "skipped");
                }
            }
        }
        System.out.printf("%d passed, %d failed, %d skipped%n", tests - failed - skipped, failed, skipped);
    }

    private static Element parse(DocumentBuilderFactory factory, Path report) throws IOException {
        try {
            return factory.newDocumentBuilder().parse(report.toFile()).getDocumentElement();
        } catch (javax.xml.parsers.ParserConfigurationException | org.xml.sax.SAXException e) {
            throw new IOException(report + ": " + e.getMessage(), e);
        }
    }

    private static long count(Element suite, String attribute) {
        String value = suite.getAttribute(attribute);
        return value.isEmpty() ? 0 : Long.parseLong(value);
    }
}
