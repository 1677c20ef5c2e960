package io.rocedoctor.report;

/**
 * Builds HTML, SVG and XML text in which every text node and attribute value is escaped, because
 * everything a report shows comes from an untrusted bundle. Tags and attribute names are the
 * code's own constants; {@link #markup} takes only constants too (the style sheet, a doctype), and
 * {@link #rendered} only CommonMark's escaped rendering of a rule page.
 */
final class Html {
    private final StringBuilder out = new StringBuilder();

    /** {@code <tag a="v" ...>}; attributes are name/value pairs, a null value leaves the attribute out. */
    Html open(String tag, String... attributes) {
        out.append('<').append(tag);
        attributes(attributes);
        out.append('>');
        return this;
    }

    /** A self-closing element, as SVG and XML write them: {@code <rect x="1"/>}. */
    Html empty(String tag, String... attributes) {
        out.append('<').append(tag);
        attributes(attributes);
        out.append("/>");
        return this;
    }

    Html close(String tag) {
        out.append("</").append(tag).append('>');
        return this;
    }

    Html text(Object value) {
        out.append(escape(String.valueOf(value)));
        return this;
    }

    /** {@code <tag ...>text</tag>}. */
    Html element(String tag, Object text, String... attributes) {
        return open(tag, attributes).text(text).close(tag);
    }

    Html markup(String constant) {
        out.append(constant);
        return this;
    }

    /**
     * HTML that {@link RulePage} rendered from a rule page with every raw HTML piece escaped and
     * unsafe link targets dropped: the one way in for markup that is not a constant.
     */
    Html rendered(String commonmarkHtml) {
        out.append(commonmarkHtml);
        return this;
    }

    private void attributes(String... pairs) {
        if (pairs.length % 2 != 0) {
            throw new IllegalArgumentException("attributes come in name/value pairs");
        }
        for (int i = 0; i < pairs.length; i += 2) {
            if (pairs[i + 1] != null) {
                out.append(' ')
                        .append(pairs[i])
                        .append("=\"")
                        .append(escape(pairs[i + 1]))
                        .append('"');
            }
        }
    }

    /**
     * Escapes for text and quoted attribute values in HTML and XML alike. Control characters
     * that XML 1.0 forbids become U+FFFD, so a hostile counter name cannot break a JUnit file.
     */
    static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c < 0x20 && c != '\t' && c != '\n' && c != '\r' ? '\uFFFD' : c);
            }
        }
        return b.toString();
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
