package io.rocedoctor.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The host-against-switch picture: each known link's two ends, their disagreements outlined. */
class LinkPictureTest {
    @Test
    void aPfcMismatchIsOutlinedOnTheLinkAndItsPictureLeads() throws Exception {
        Report r = ReportFixtures.scenario("switch-pfc-priority-mismatch-sonic");
        assertThat(r.figures().links()).anySatisfy(l -> assertThat(l.hostPfc()).isNotEqualTo(l.switchPfc()));
        FigureData.LinkQos link = r.figures().links().get(0);
        assertThat(link.switchName()).isEqualTo("leaf3");

        String html = new HtmlRenderer().render(r);
        String figure = html.substring(html.indexOf("<figure class=\"figure\" data-figure=\"links\""));
        figure = figure.substring(0, figure.indexOf("</figure>"));
        assertThat(html.indexOf("<figure")).isEqualTo(html.indexOf("<figure class=\"figure\" data-figure=\"links\""));
        assertThat(figure)
                .contains(link.hostPort() + " \u2194 leaf3 " + link.switchPort())
                .contains("PFC per priority")
                .contains("stroke=\"#c0392b\"");
    }

    @Test
    void aHealthyLinkHasNothingOutlined() throws Exception {
        Report r = ReportFixtures.scenario("switch-healthy-sonic");
        assertThat(r.figures().links()).isNotEmpty().allSatisfy(l -> {
            assertThat(l.hostPfc()).isEqualTo(l.switchPfc());
            assertThat(l.hostPriority()).isEqualTo(l.switchPriority());
        });
        String html = new HtmlRenderer().render(r);
        String figure = html.substring(html.indexOf("data-figure=\"links\""));
        figure = figure.substring(0, figure.indexOf("</figure>"));
        assertThat(figure).contains("R</text>").doesNotContain("stroke=\"#c0392b\"");
    }
}
