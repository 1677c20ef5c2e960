package io.rocedoctor.bundle;

import io.rocedoctor.parse.Parser;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * The declaration of one kind of capture: whether it is a command's output or a file, whether it
 * is sampled like a counter, its spellings (the first is the one the collector runs) and how its
 * text is read: by a parser into a record, or not at all, with the reason, for a kind that is
 * only recognised (its files are known, not "unknown", and no fact is built from them yet).
 */
public final class KindSpec {

    /** How a kind's text is read: a parser and the record it makes, or the reason it is not read. */
    public record Reading<T>(Class<T> record, Parser<T> parser, String unreadBecause) {}

    private final SourceKind.Origin origin;
    private final boolean counter;
    private final List<String> templates;
    private final List<SourceTemplate> spellings;
    private final Reading<?> reading;

    KindSpec(SourceKind.Origin origin, boolean counter, Reading<?> reading, String... templates) {
        this.origin = origin;
        this.counter = counter;
        this.reading = reading;
        this.templates = List.of(templates);
        this.spellings = this.templates.stream()
                .map(t -> new SourceTemplate(t, origin == SourceKind.Origin.COMMAND))
                .toList();
    }

    /** A kind read by {@code parser} into a {@code record}. */
    public static <T> Reading<T> parsedBy(Class<T> record, Parser<T> parser) {
        return new Reading<>(record, parser, null);
    }

    /** A kind whose files are recognised and kept in the account, but that no fact is built from, and why. */
    public static Reading<Void> recognisedOnly(String why) {
        return new Reading<>(Void.class, null, why);
    }

    public SourceKind.Origin origin() {
        return origin;
    }

    public boolean counter() {
        return counter;
    }

    public List<String> templates() {
        return templates;
    }

    List<String> parameters() {
        return spellings.get(0).parameters();
    }

    String render(List<String> args) {
        return spellings.stream()
                .filter(t -> t.parameters().size() == args.size())
                .findFirst()
                .orElse(spellings.get(0))
                .render(args);
    }

    Optional<List<String>> match(String text, boolean mangled) {
        return SourceTemplate.matchAny(spellings, text, mangled);
    }

    /** The parser; empty when the kind is only recognised. */
    public Optional<Parser<?>> parser() {
        return Optional.ofNullable(reading.parser());
    }

    /** The record the parser makes; {@code Void} when the kind is only recognised. */
    public Class<?> record() {
        return reading.record();
    }

    /** Why a kind is only recognised; empty when it is read. */
    public Optional<String> unreadBecause() {
        return Optional.ofNullable(reading.unreadBecause());
    }

    @SuppressWarnings("unchecked")
    <T> Parser<T> parser(String kind, Class<T> record) {
        if (reading.parser() == null) {
            throw new IllegalStateException(kind + " is only recognised, never parsed: " + reading.unreadBecause());
        }
        if (reading.record() != record) {
            throw new IllegalArgumentException(
                    kind + " is read as " + reading.record().getSimpleName() + ", not " + record.getSimpleName());
        }
        return (Parser<T>) reading.parser();
    }

    /** The kind and arguments of a command line, path or file name: the first kind of this origin whose spelling matches. */
    static <K extends CaptureKind, S> Optional<S> recognise(
            K[] kinds, String text, boolean mangled, SourceKind.Origin origin, BiFunction<K, List<String>, S> source) {
        for (K kind : kinds) {
            if (kind.origin() != origin) {
                continue;
            }
            Optional<List<String>> args = kind.match(text, mangled);
            if (args.isPresent()) {
                return Optional.of(source.apply(kind, args.get()));
            }
        }
        return Optional.empty();
    }
}
