package io.rocedoctor.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

/** The stable machine interface of docs/reports.md, in JSON or, with the same fields and order, in YAML. */
public final class JsonRenderer implements Renderer {
    private final ObjectMapper mapper;

    public JsonRenderer() {
        this(new ObjectMapper());
    }

    private JsonRenderer(ObjectMapper mapper) {
        this.mapper = mapper.setDefaultPropertyInclusion(
                        JsonInclude.Value.construct(JsonInclude.Include.NON_NULL, JsonInclude.Include.NON_NULL))
                .enable(SerializationFeature.INDENT_OUTPUT)
                .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
    }

    /** The same model as YAML, for people who read and diff configuration files. */
    public static JsonRenderer yaml() {
        return new JsonRenderer(new ObjectMapper(new YAMLFactory()));
    }

    @Override
    public String render(Report report) {
        return write(report);
    }

    /** Any model of the machine interface (a report, a diff, a fleet), with the same conventions. */
    public String write(Object value) {
        try {
            String text = mapper.writeValueAsString(value);
            return text.endsWith("\n") ? text : text + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("report cannot be serialised: " + e.getMessage(), e);
        }
    }
}
