package io.rocedoctor.engine;

/** A cause finding explains a symptom finding (causes.drl). */
public record Explains(Finding cause, Finding symptom) {}
