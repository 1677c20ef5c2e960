package io.rocedoctor.parse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Texts for parser tests: the repository's own fixtures and the real-format example in a parser's Javadoc. */
final class SampleText {
    private static final Pattern PRE = Pattern.compile("<pre>\\R(.*?)</pre>", Pattern.DOTALL);

    private SampleText() {}

    /** A parse that must fail. */
    interface FailingParse {
        void run() throws ParseException;
    }

    /** The line a ParseException names; an AssertionError when the call does not throw one. */
    static int failureLine(FailingParse call) {
        try {
            call.run();
        } catch (ParseException e) {
            return e.line();
        }
        throw new AssertionError("expected a ParseException");
    }

    /** {@code fixtures/samples/<folder>/<name>}. */
    static String fixture(String folder, String name) {
        try {
            return Files.readString(Path.of("fixtures/samples", folder, name), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The first {@code <pre>} block of a class's Javadoc, comment markers and HTML escapes removed. */
    static String javadocExample(Class<?> type) {
        Path source = Path.of("src/main/java", type.getName().replace('.', '/') + ".java");
        try {
            Matcher m = PRE.matcher(Files.readString(source, StandardCharsets.UTF_8));
            if (!m.find()) {
                throw new AssertionError("no <pre> example in " + source);
            }
            StringBuilder out = new StringBuilder();
            for (String line : m.group(1).split("\\R")) {
                out.append(line.replaceFirst("^\\s*\\* ?", "")).append('\n');
            }
            return out.toString().replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
