package io.rocedoctor.serve;

import java.util.regex.Pattern;

/**
 * A case name: 1 to 64 letters, digits, dot, dash or underscore, starting with a letter or digit
 * (a ticket number such as {@code SR-20431}). It never reaches a file path, but the rule keeps
 * names readable in URLs and pages, and refuses {@code ..}, slashes and control characters outright.
 */
public final class CaseNames {
    public static final String RULE =
            "a case name is 1 to 64 letters, digits, '.', '-' or '_', starting with a letter or digit";
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    private CaseNames() {}

    public static boolean valid(String name) {
        return name != null && NAME.matcher(name).matches() && !name.contains("..");
    }

    public static String check(String name) {
        if (!valid(name)) {
            throw new IllegalArgumentException(RULE);
        }
        return name;
    }
}
