package io.rocedoctor.parse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The real-format example in a parser's Javadoc {@code <pre>} block, read from its source file,
 * so that the test parsing it and the documentation cannot drift apart.
 */
final class JavadocExample {
    private static final Pattern PRE = Pattern.compile("<pre>\\R(.*?)</pre>", Pattern.DOTALL);

    private JavadocExample() {}

    static String of(Class<?> parser) throws IOException {
        Path source = Path.of("src/main/java", parser.getName().replace('.', '/') + ".java");
        Matcher m = PRE.matcher(Files.readString(source));
        if (!m.find()) {
            throw new AssertionError("no <pre> example in the Javadoc of " + parser.getSimpleName());
        }
        StringBuilder text = new StringBuilder();
        for (String line : m.group(1).split("\\R")) {
            text.append(line.replaceFirst("^\\s*\\* ?", "")).append('\n');
        }
        return text.toString().replace("&gt;", ">").replace("&lt;", "<").replace("&amp;", "&");
    }
}
