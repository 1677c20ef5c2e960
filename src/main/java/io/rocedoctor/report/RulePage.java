package io.rocedoctor.report;

import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Heading;
import org.commonmark.node.Node;
import org.commonmark.parser.Parser;

/**
 * A rule page of {@code docs/rules} (CommonMark, read by commonmark-java) as HTML: code spans,
 * indented code blocks, lists and links as CommonMark renders them, any raw HTML in a page escaped
 * and link targets other than http(s)/mailto dropped ({@code sanitizeUrls}), so a page cannot add
 * markup or a script to a report. A page's first line is its title and its third its header
 * (layer, severity, sources); the rest is its body.
 */
public final class RulePage {
    private static final Parser PARSER = Parser.builder().build();
    private static final org.commonmark.renderer.html.HtmlRenderer BLOCKS =
            org.commonmark.renderer.html.HtmlRenderer.builder()
                    .escapeHtml(true)
                    .sanitizeUrls(true)
                    .build();
    private static final org.commonmark.renderer.html.HtmlRenderer INLINE =
            org.commonmark.renderer.html.HtmlRenderer.builder()
                    .escapeHtml(true)
                    .sanitizeUrls(true)
                    .omitSingleParagraphP(true)
                    .build();

    private RulePage() {}

    /** The whole page as one HTML file, styled and locked down as the HTML report is: {@code rules show ID --format html}. */
    public static String standalone(String id, String page) {
        Html h = HtmlRenderer.head("roce-doctor: rule " + id);
        h.open("article", "class", "rule-page").rendered(html(page, 0)).close("article");
        return HtmlRenderer.foot(h, ReportBuilder.VERSION);
    }

    /** The page's body (below its title and header), its headings moved {@code deeper} levels down. */
    static String bodyHtml(String page, int deeper) {
        return html(body(page), deeper);
    }

    /** One paragraph of a page (a finding's explanation) as inline HTML, without a {@code <p>} around it. */
    static String inlineHtml(String paragraph) {
        return INLINE.render(PARSER.parse(paragraph)).strip();
    }

    /**
     * The page from its first section on: less the title, the header (line 3) and the header's
     * detail under it ("Sources in detail: ..."), which name commands in their synopsis form
     * ({@code ethtool -S IF}) as a man page does.
     */
    static String body(String page) {
        int section = page.startsWith("## ") ? 0 : page.indexOf("\n## ");
        return section < 0 ? "" : page.substring(section).strip();
    }

    private static String html(String markdown, int deeper) {
        Node document = PARSER.parse(markdown);
        if (deeper > 0) {
            document.accept(new AbstractVisitor() {
                @Override
                public void visit(Heading heading) {
                    heading.setLevel(Math.min(6, heading.getLevel() + deeper));
                    visitChildren(heading);
                }
            });
        }
        return BLOCKS.render(document);
    }
}
