package io.rocedoctor.bundle;

import io.rocedoctor.parse.Parser;
import java.util.List;
import java.util.Optional;

/**
 * A kind of capture, host ({@link SourceKind}) or switch ({@link SwitchSourceKind}) alike: what
 * {@link KindSpec} says of it, read through these methods, so the two registries share one
 * definition of origin, spellings and parser.
 */
public interface CaptureKind {

    /** The kind's whole declaration. */
    KindSpec spec();

    /** The constant's name, as enums give it. */
    String name();

    /** Whether the capture is a command's stdout or a copied file. */
    default SourceKind.Origin origin() {
        return spec().origin();
    }

    /** Counter sources are captured once per sample; the others once. */
    default boolean counter() {
        return spec().counter();
    }

    /** The spellings, the collector's first. */
    default List<String> templates() {
        return spec().templates();
    }

    /** The parameter names of the collector's spelling, in order. */
    default List<String> parameters() {
        return spec().parameters();
    }

    /**
     * The command line or absolute path for these arguments, in the collector's spelling: the
     * first spelling that takes as many arguments ({@code ib_write_bw} alone, without a trailing space).
     */
    default String render(List<String> args) {
        return spec().render(args);
    }

    /**
     * Recognises a command line or absolute path as written in a manifest (or, with
     * {@code mangled}, a file name under {@code commands/} or {@code sos_commands/<plugin>/}).
     * Returns the arguments in template order.
     */
    default Optional<List<String>> match(String text, boolean mangled) {
        return spec().match(text, mangled);
    }

    /** The parser of this kind's text, empty for a kind that is only recognised ({@link KindSpec#unreadBecause}). */
    default Optional<Parser<?>> parser() {
        return spec().parser();
    }

    /**
     * This kind's parser, asked for by the record it makes; a caller asking for another record
     * is a bug in the caller, and so is asking a kind that is only recognised.
     */
    default <T> Parser<T> parser(Class<T> record) {
        return spec().parser(name(), record);
    }
}
