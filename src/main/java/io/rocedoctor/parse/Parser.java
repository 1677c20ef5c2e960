package io.rocedoctor.parse;

/**
 * A pure function from the text of one captured source to a typed record.
 *
 * <p>Parsers never see paths or bundles. A parser built on {@link LineParser} reads what it knows
 * and turns a line it cannot read into a {@link LineNote}; the source then fails only when no line
 * of it could be read. {@link ParseException} carries the 1-based line of that failure; any other
 * exception escaping a parser is a bug (the property tests feed every parser random and mutated
 * text to prove none does).
 *
 * @param <T> the record the text becomes
 */
@FunctionalInterface
public interface Parser<T> {
    T parse(String text) throws ParseException;

    /**
     * The record with the lines skipped on the way. A parser that still throws at its first
     * unreadable line gets the shared noise handling of {@link TextLines#of} (stderr lines, tool
     * warnings blanked before it reads) and the notes of the noise it skipped.
     */
    default Parsed<T> read(String text) throws ParseException {
        T value = parse(text);
        return new Parsed<>(value, TextLines.of(text).notes());
    }
}
