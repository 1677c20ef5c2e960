package io.rocedoctor.bundle;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * The file-name mangling of sosreport, shared by native bundles: a leading /bin/, /sbin/,
 * /usr/bin/ or /usr/sbin/ is dropped; every run of characters other than letters, digits,
 * {@code _ - . /} becomes one {@code _}; {@code /} becomes {@code .}; leading and trailing
 * spaces, dots, underscores and dashes go; at most 255 bytes.
 */
public final class Mangling {
    private static final Pattern BIN_PREFIX = Pattern.compile("^/(?:usr/)?s?bin/");
    private static final Pattern OTHER = Pattern.compile("[^A-Za-z0-9_\\-./]+");
    private static final Pattern EDGES = Pattern.compile("^[ ._-]+|[ ._-]+$");

    private Mangling() {}

    /**
     * The identity of a source: its kind and mangled arguments, since a bundle without a manifest
     * only knows its file names, where {@code 0000:3b:00.0} became {@code 0000_3b_00.0}.
     */
    static String identity(String kind, java.util.List<String> args) {
        StringBuilder key = new StringBuilder(kind);
        for (String a : args) {
            key.append('\u0000').append(mangle(a));
        }
        return key.toString();
    }

    public static String mangle(String command) {
        if (alreadyMangled(command)) {
            return command; // most arguments (ens1f0np0, mlx5_0, 3): sources are hashed by their mangled key
        }
        String s = BIN_PREFIX.matcher(command.trim()).replaceFirst("");
        s = OTHER.matcher(s).replaceAll("_");
        s = s.replace('/', '.');
        s = EDGES.matcher(s).replaceAll("");
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        return bytes.length <= 255 ? s : new String(bytes, 0, 255, StandardCharsets.US_ASCII);
    }

    /** Letters, digits, {@code _ - .} only, none of {@code . _ -} at either end, at most 255: mangling keeps it as it is. */
    static boolean alreadyMangled(String s) {
        if (s.isEmpty() || s.length() > 255 || isEdge(s.charAt(0)) || isEdge(s.charAt(s.length() - 1))) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c >= 'a' && c <= 'z'
                    || c >= 'A' && c <= 'Z'
                    || c >= '0' && c <= '9'
                    || c == '_'
                    || c == '-'
                    || c == '.')) {
                return false;
            }
        }
        return true;
    }

    private static boolean isEdge(char c) {
        return c == '.' || c == '_' || c == '-';
    }
}
