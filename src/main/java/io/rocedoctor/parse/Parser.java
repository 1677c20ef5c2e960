package io.rocedoctor.parse;

/**
 * A pure function from the text of one captured source to a typed record.
 *
 * <p>Parsers never see paths or bundles. They throw {@link ParseException} with the 1-based line
 * of the first thing they could not understand; any other exception escaping a parser is a bug
 * (the property tests feed every parser random and mutated text to prove none does).
 *
 * @param <T> the record the text becomes
 */
@FunctionalInterface
public interface Parser<T> {
    T parse(String text) throws ParseException;
}
