package io.rocedoctor.bundle;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A file's path in the native layout, host bundle or switch dump alike: {@code [samples/N/]commands/NAME}
 * (NAME the mangled command line) or {@code [samples/N/]fs/PATH} (a copy of /PATH).
 */
record NativePath(int sample, String rest) {
    private static final Pattern SAMPLE_DIR = Pattern.compile("samples/([0-9]{1,4})/(.*)");

    /** How a family of source kinds recognises a command line, path or mangled file name. */
    interface Kinds<S> {
        Optional<S> recognise(String text, boolean mangled, SourceKind.Origin origin);
    }

    static NativePath of(String relative) {
        Matcher m = SAMPLE_DIR.matcher(relative);
        return m.matches() ? new NativePath(Integer.parseInt(m.group(1)), m.group(2)) : new NativePath(0, relative);
    }

    /** The source this file captures, among {@code kinds}; empty outside commands/ and fs/ or when no kind matches. */
    <S> Optional<S> source(Kinds<S> kinds) {
        if (rest.startsWith("commands/") && rest.indexOf('/', "commands/".length()) < 0) {
            return kinds.recognise(rest.substring("commands/".length()), true, SourceKind.Origin.COMMAND);
        }
        if (rest.startsWith("fs/")) {
            return kinds.recognise(rest.substring(2), false, SourceKind.Origin.FILE);
        }
        return Optional.empty();
    }
}
