package io.rocedoctor.plan;

import java.util.regex.Pattern;

/** POSIX shell quoting: a value becomes exactly one word, whatever it holds. */
public final class Shell {
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:@%+,=-]+");

    private Shell() {}

    /** The value as one shell word: bare when it holds only plain characters, else single-quoted. */
    public static String quote(String value) {
        if (PLAIN.matcher(value).matches()) {
            return value;
        }
        return "'" + value.replace("'", "'\\''") + "'";
    }
}
