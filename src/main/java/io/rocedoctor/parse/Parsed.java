package io.rocedoctor.parse;

import java.util.List;

/** What a parser made of a text: the record, and the lines it skipped or could not read (in line order). */
public record Parsed<T>(T value, List<LineNote> notes) {
    public Parsed {
        notes = List.copyOf(notes);
    }
}
