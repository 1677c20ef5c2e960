package io.rocedoctor.report;

/** Renders the report model in one format. */
public interface Renderer {
    String render(Report report);
}
