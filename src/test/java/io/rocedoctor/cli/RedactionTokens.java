package io.rocedoctor.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The shapes of the tokens {@code collect --redact} writes, by kind, to find them in a redacted text. */
final class RedactionTokens {
    static final Map<String, Pattern> SHAPES = Map.of(
            "hostnames", Pattern.compile("(?<![\\w-])host-[0-9]+(?![\\w-])"),
            "ipv4", Pattern.compile("(?<![\\w.])10\\.[0-9]+\\.[0-9]+\\.[0-9]+(?![\\w.])"),
            "ipv6", Pattern.compile("f(?:d00|e80)(?:::[0-9a-f]+|(?::0000){5}:[0-9a-f]{4}:[0-9a-f]{4})(?![\\w:])"),
            "mac", Pattern.compile("02:00:00(?::[0-9a-f]{2}){3}"),
            "guid", Pattern.compile("0200:00ff:fe[0-9a-f]{2}:[0-9a-f]{4}"),
            "serial", Pattern.compile("serial-[0-9]+"),
            "eui64", Pattern.compile("00-00-00-00-00(?:-[0-9a-f]{2}){3}(?<!00-00-00)"));
    private static final Pattern ANY = Pattern.compile(
            String.join("|", SHAPES.values().stream().map(Pattern::pattern).toList()));

    private RedactionTokens() {}

    /** The kinds of token a text holds. */
    static Set<String> kinds(String text) {
        Set<String> kinds = new TreeSet<>();
        SHAPES.forEach((kind, shape) -> {
            if (shape.matcher(text).find()) {
                kinds.add(kind);
            }
        });
        return kinds;
    }

    /** Every token of a text, in order. */
    static List<String> all(String text) {
        List<String> tokens = new ArrayList<>();
        for (Matcher m = ANY.matcher(text); m.find(); ) {
            tokens.add(m.group());
        }
        return tokens;
    }
}
