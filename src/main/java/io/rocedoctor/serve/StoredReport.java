package io.rocedoctor.serve;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import io.rocedoctor.report.Renderer;
import io.rocedoctor.report.Renderers;
import io.rocedoctor.report.Report;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A report as the service keeps it: its JSON (the machine interface of docs/reports.md, the direct
 * serialisation of {@link Report}), from which every other format is rendered when asked, by the
 * renderers and options {@code analyze --format} uses. Rendering all six formats at analysis cost
 * ~9% of the service's CPU and ~90 KB of database writes per bundle, most of it never read.
 * {@code StoredReportTest} renders every fixture bundle both ways and finds the same bytes.
 */
final class StoredReport {
    /**
     * {@link Report#plan} is the planner's record, whose fields the formats show in their declared
     * order: it is read back as a tree, which keeps the JSON's order (a map would be written back with
     * its keys sorted). A field this version does not know (a report stored by a later one sharing the
     * database) is left out rather than refused.
     */
    private static final ObjectMapper READER = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .registerModule(new SimpleModule().addDeserializer(Object.class, new TreeDeserializer()));

    private static final class TreeDeserializer extends JsonDeserializer<Object> {
        @Override
        public Object deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            return parser.readValueAsTree();
        }
    }

    /** Made once: the renderers hold no state (see BundleAnalyzer). */
    private static final Map<String, Renderer> RENDERERS = new LinkedHashMap<>();

    static {
        for (String format : Renderers.NAMES) {
            RENDERERS.put(format, Renderers.of(format, null, false, 100, false));
        }
    }

    private StoredReport() {}

    /** The format the service stores and renders the others from. */
    static final String STORED = "json";

    /** The report in a format, as {@code analyze --format} prints it (the text report 100 columns wide, no colour). */
    static String render(Report report, String format) {
        Renderer renderer = RENDERERS.get(format);
        if (renderer == null) {
            throw new IllegalArgumentException("format must be one of " + String.join(", ", Renderers.NAMES));
        }
        return renderer.render(report);
    }

    /** The stored JSON in a format: itself for JSON, else rendered from the report it reads back to. */
    static String render(String json, String format) {
        if (format.equals(STORED)) {
            return json;
        }
        try {
            return render(READER.readValue(json, Report.class), format);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored report cannot be read back: " + e.getOriginalMessage(), e);
        }
    }
}
