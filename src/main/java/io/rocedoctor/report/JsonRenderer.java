package io.rocedoctor.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/** The stable machine interface of CLI.md. */
public final class JsonRenderer implements Renderer {
    private final ObjectMapper mapper;

    public JsonRenderer() {
        this(new ObjectMapper());
    }

    protected JsonRenderer(ObjectMapper mapper) {
        this.mapper = mapper.copy()
                .setSerializationInclusion(JsonInclude.Include.NON_NULL)
                .enable(SerializationFeature.INDENT_OUTPUT)
                .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
    }

    @Override
    public String render(Report report) {
        return write(report);
    }

    public String write(Object value) {
        try {
            return mapper.writeValueAsString(value) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("report cannot be serialised: " + e.getMessage(), e);
        }
    }
}
