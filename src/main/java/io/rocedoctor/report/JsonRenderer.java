package io.rocedoctor.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

/**
 * The stable machine interface of docs/reports.md, in JSON or, with the same fields and order, in YAML.
 * One mapper per format serves the whole process: a mapper builds each type's serializer on its first
 * use (a cold analysis's costliest step of the JSON), so a renderer made per report, per command or per
 * request built them all again.
 */
public final class JsonRenderer implements Renderer {
    private static final ObjectMapper JSON = conventions(new ObjectMapper());

    /** Made on the first YAML report: most runs write none. */
    private static final class Yaml {
        static final ObjectMapper MAPPER = conventions(new ObjectMapper(new YAMLFactory()));
    }

    private final ObjectMapper mapper;

    public JsonRenderer() {
        this(JSON);
    }

    private JsonRenderer(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    private static ObjectMapper conventions(ObjectMapper mapper) {
        return mapper.setDefaultPropertyInclusion(
                        JsonInclude.Value.construct(JsonInclude.Include.NON_NULL, JsonInclude.Include.NON_NULL))
                .enable(SerializationFeature.INDENT_OUTPUT)
                .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
    }

    /** The same model as YAML, for people who read and diff configuration files. */
    public static JsonRenderer yaml() {
        return new JsonRenderer(Yaml.MAPPER);
    }

    /**
     * The JSON conventions for values written one after another into one generator (a fleet's hosts),
     * which its owner flushes: the serializers are the renderers'.
     */
    public static ObjectWriter streaming() {
        return JSON.writer().without(SerializationFeature.FLUSH_AFTER_WRITE_VALUE);
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
