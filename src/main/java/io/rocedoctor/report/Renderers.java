package io.rocedoctor.report;

import java.util.List;

/** The report formats of {@code analyze --format} and of the service, and the renderer of each. */
public final class Renderers {
    /** The formats, in {@code analyze --format}'s order. */
    public static final List<String> NAMES = List.of("text", "json", "yaml", "markdown", "html", "junit");

    private Renderers() {}

    /**
     * The renderer of a format. {@code failOn} is the JUnit report's failing severity (null: none),
     * {@code colour} and {@code width} shape the text report, which lists every rule not evaluated
     * with {@code showNotEvaluated}, else one line per reason.
     */
    public static Renderer of(String format, String failOn, boolean colour, int width, boolean showNotEvaluated) {
        return switch (format) {
            case "json" -> new JsonRenderer();
            case "yaml" -> JsonRenderer.yaml();
            case "markdown" -> new MarkdownRenderer();
            case "html" -> new HtmlRenderer();
            case "junit" -> new JunitRenderer(failOn);
            case "text" -> new TextRenderer(colour, width, showNotEvaluated);
            default ->
                throw new IllegalArgumentException(
                        "format must be one of " + String.join(", ", NAMES) + ", not '" + format + "'");
        };
    }
}
