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

    private Mangling() {
    }

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
        String s = BIN_PREFIX.matcher(command.trim()).replaceFirst("");
        s = OTHER.matcher(s).replaceAll("_");
        s = s.replace('/', '.');
        s = EDGES.matcher(s).replaceAll("");
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        return bytes.length <= 255 ? s : new String(bytes, 0, 255, StandardCharsets.US_ASCII);
    }
}
