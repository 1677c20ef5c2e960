package io.rocedoctor.parse;

/**
 * The shared degradation of every line-oriented parser: the parser reads the {@link TextLines} it is
 * given (known noise already blanked and noted) and hands a line it cannot read to
 * {@link TextLines#unreadable}; the facts of every other line stand. The text fails only when it
 * holds nothing but noise and unreadable lines: the ParseException then names the first of them.
 *
 * @param <T> the record the text becomes
 */
public abstract class LineParser<T> implements Parser<T> {

    /** Reads the lines; throws only for what makes the whole text unusable. */
    protected abstract T parse(TextLines lines) throws ParseException;

    @Override
    public final T parse(String text) throws ParseException {
        return read(text).value();
    }

    @Override
    public final Parsed<T> read(String text) throws ParseException {
        TextLines lines = TextLines.of(text);
        lines.requireSomeData();
        T value;
        try {
            value = parse(lines);
        } catch (ParseException e) {
            // "no counters" after every line was refused says less than the first refusal.
            lines.requireSomethingRead();
            throw e;
        }
        lines.requireSomethingRead();
        return new Parsed<>(value, lines.notes());
    }
}
