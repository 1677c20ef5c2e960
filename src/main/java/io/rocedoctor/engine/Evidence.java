package io.rocedoctor.engine;

/** One thing an engineer can check by hand: where it was read, what it said, and what that means. */
public record Evidence(String source, String value, String note) {
    public static Evidence of(String source, Object value, String note) {
        return new Evidence(source, String.valueOf(value), note);
    }
}
