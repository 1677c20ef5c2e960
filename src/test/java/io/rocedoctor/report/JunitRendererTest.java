package io.rocedoctor.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class JunitRendererTest {
    private final Report report = ReportFixtures.hostile(null);

    /** Parses the XML (so it must be well-formed, hostile text and all) and returns the testsuite. */
    static Element suite(String xml) throws Exception {
        Document doc = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        Element root = doc.getDocumentElement();
        assertThat(root.getTagName()).isEqualTo("testsuites");
        NodeList suites = root.getElementsByTagName("testsuite");
        assertThat(suites.getLength()).isEqualTo(1);
        Element suite = (Element) suites.item(0);
        for (String count : List.of("tests", "failures", "errors", "skipped")) {
            assertThat(root.getAttribute(count)).as(count).isEqualTo(suite.getAttribute(count));
        }
        NodeList cases = suite.getElementsByTagName("testcase");
        assertThat(Integer.parseInt(suite.getAttribute("tests"))).isEqualTo(cases.getLength());
        assertThat(Integer.parseInt(suite.getAttribute("failures")))
                .isEqualTo(suite.getElementsByTagName("failure").getLength());
        assertThat(Integer.parseInt(suite.getAttribute("skipped")))
                .isEqualTo(suite.getElementsByTagName("skipped").getLength());
        for (int i = 0; i < cases.getLength(); i++) {
            Element c = (Element) cases.item(i);
            assertThat(c.getAttribute("classname")).isNotEmpty();
            assertThat(c.getAttribute("name")).isNotEmpty();
        }
        return suite;
    }

    static List<String> cases(Element suite, String outcome) {
        List<String> out = new ArrayList<>();
        NodeList cases = suite.getElementsByTagName("testcase");
        for (int i = 0; i < cases.getLength(); i++) {
            Element c = (Element) cases.item(i);
            boolean failed = c.getElementsByTagName("failure").getLength() > 0;
            boolean skipped = c.getElementsByTagName("skipped").getLength() > 0;
            String is = failed ? "failure" : skipped ? "skipped" : "passed";
            if (is.equals(outcome)) {
                out.add(c.getAttribute("classname") + "@" + c.getAttribute("name"));
            }
        }
        return out;
    }

    @Test
    void oneTestcasePerEvaluatedRuleAndSubjectWithEveryFindingFailingByDefault() throws Exception {
        Element suite = suite(new JunitRenderer(null).render(report));
        String host = report.bundle().host();
        assertThat(cases(suite, "failure"))
                .containsExactly(
                        "BASELINE_LATENCY_JITTER@eth0|x",
                        "CPU_GOVERNOR_POWERSAVE@cpu0",
                        "IRQ_CROSS_NUMA@eth0" + ReportFixtures.HOSTILE);
        assertThat(cases(suite, "passed")).containsExactly("PCIE_LINK_DOWNGRADED@" + host);
        assertThat(cases(suite, "skipped")).containsExactly("PHY_BER_HIGH@" + host, "PAUSE_STORM@" + host);
    }

    @Test
    void eachRefusedProposalFailsWhateverTheThreshold() throws Exception {
        Element suite = suite(new JunitRenderer("critical").render(ReportFixtures.hostile(ReportFixtures.plan())));
        assertThat(cases(suite, "failure"))
                .contains("plan.refused@bond-xmit-hash-layer34 for HASH_SINGLE_PATH_CONCENTRATION on "
                        + ReportFixtures.REFUSED_SUBJECT.replace("\u001b", "\ufffd"));
        assertThat(suite.getElementsByTagName("failure")
                        .item(suite.getElementsByTagName("failure").getLength() - 1)
                        .getTextContent())
                .isEqualTo("parameter bond: 'bond0;reboot' is not a network interface name");
    }

    @Test
    void findingsBelowFailOnPassWithTheFindingInTheirOutput() throws Exception {
        String xml = new JunitRenderer("high").render(report);
        Element suite = suite(xml);
        assertThat(cases(suite, "failure")).containsExactly("IRQ_CROSS_NUMA@eth0" + ReportFixtures.HOSTILE);
        assertThat(cases(suite, "passed")).contains("BASELINE_LATENCY_JITTER@eth0|x", "CPU_GOVERNOR_POWERSAVE@cpu0");
        assertThat(xml).contains("<system-out>low (below the threshold): cpu0: CPUs may slow down");
    }

    @Test
    void skippedTestcasesSayWhichSourcesWereMissing() throws Exception {
        assertThat(new JunitRenderer(null).render(report))
                .contains("<skipped message=\"not collected: mlxlink -d mlx5_0 -m -e -c\"/>");
    }
}
