package io.rocedoctor.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.PropertyWriter;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Set;

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

    static ObjectMapper conventions(ObjectMapper mapper) {
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

    /**
     * Builds the JSON serializers of these record types and of every record their written properties
     * hold (through lists and maps), on a daemon thread, while the bundle is read: Jackson introspects
     * each type at its first write, two thirds of a cold analysis's JSON rendering, on the main
     * thread at its very end. The mapper's cache is shared and thread-safe; a serializer is built the
     * same whichever thread asks first, so only the timing changes.
     */
    public static void prepareInBackground(Class<?>... roots) {
        Thread t = new Thread(() -> prepare(roots), "prepare-json");
        t.setDaemon(true);
        t.start();
    }

    /** What {@link #prepareInBackground} runs; the types whose serializers it built, for tests. */
    static Set<Class<?>> prepare(Class<?>... roots) {
        SerializerProvider serializers = JSON.getSerializerProviderInstance();
        Set<Class<?>> prepared = new HashSet<>();
        for (Class<?> root : roots) {
            prepare(serializers, JSON.constructType(root), prepared);
        }
        return prepared;
    }

    /** A record's serializer, then those of the records its written properties hold: what Jackson writes, not what it ignores. */
    private static void prepare(SerializerProvider serializers, JavaType type, Set<Class<?>> prepared) {
        if (type.isContainerType()) {
            prepare(serializers, type.getContentType(), prepared);
            return;
        }
        if (!type.getRawClass().isRecord() || !prepared.add(type.getRawClass())) {
            return;
        }
        JsonSerializer<Object> serializer;
        try {
            serializer = serializers.findValueSerializer(type);
        } catch (JsonMappingException | RuntimeException e) {
            return; // the report's own write meets the type's failure, and reports it
        }
        for (Iterator<PropertyWriter> properties = serializer.properties(); properties.hasNext(); ) {
            prepare(serializers, properties.next().getType(), prepared);
        }
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
