package io.rocedoctor.bundle;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One spelling of a source, such as {@code ethtool -n {if} rx-flow-hash {proto}}: renders it for
 * given arguments and recognises it as written in a manifest, or mangled into a file name.
 */
final class SourceTemplate {
    private static final Pattern PARAM = Pattern.compile("\\{([a-z]+)}");
    private static final Pattern MARK = Pattern.compile("QQ([a-z]+)QQ");

    private final String template;
    /** The text around the parameters, one more piece than parameters: rendering joins them with the arguments. */
    private final List<String> literals;

    private final List<String> parameters;
    private final Pattern raw;
    private final Pattern mangled;
    /**
     * The literal text each pattern starts with: a text that does not start so cannot match, and is
     * told without running the expression (a sosreport's hundred commands are tried against every
     * kind, ~7,000 matches, of which a handful succeed).
     */
    private final String rawStart;

    private final String mangledStart;

    SourceTemplate(String template, boolean command) {
        this.template = template;
        this.literals = literals(template);
        this.parameters = parameters(template);
        this.raw = pattern(template, false);
        this.mangled = command ? pattern(template, true) : raw;
        this.rawStart = literalStart(template, false);
        this.mangledStart = command ? literalStart(template, true) : rawStart;
    }

    /** The parameter names in order; found once (rendering a source asks for them at every comparison). */
    List<String> parameters() {
        return parameters;
    }

    private static List<String> parameters(String template) {
        List<String> names = new ArrayList<>();
        Matcher m = PARAM.matcher(template);
        while (m.find()) {
            names.add(m.group(1));
        }
        return List.copyOf(names);
    }

    /** The template with its parameters replaced by the arguments in order (missing ones by nothing). */
    String render(List<String> args) {
        // Sources are sorted and compared by their rendering: a regex replacement per call was a
        // few percent of a bundle's analysis.
        StringBuilder out = new StringBuilder(literals.get(0));
        for (int i = 1; i < literals.size(); i++) {
            out.append(i - 1 < args.size() ? args.get(i - 1) : "").append(literals.get(i));
        }
        return out.toString();
    }

    private static List<String> literals(String template) {
        List<String> pieces = new ArrayList<>();
        Matcher m = PARAM.matcher(template);
        int last = 0;
        while (m.find()) {
            pieces.add(template.substring(last, m.start()));
            last = m.end();
        }
        pieces.add(template.substring(last));
        return List.copyOf(pieces);
    }

    /** The arguments of the first spelling that matches, as a kind with several spellings needs. */
    static Optional<List<String>> matchAny(List<SourceTemplate> spellings, String text, boolean mangledName) {
        for (SourceTemplate t : spellings) {
            Optional<List<String>> args = t.match(text, mangledName);
            if (args.isPresent()) {
                return args;
            }
        }
        return Optional.empty();
    }

    Optional<List<String>> match(String text, boolean mangledName) {
        if (!text.startsWith(mangledName ? mangledStart : rawStart)) {
            return Optional.empty();
        }
        Matcher m = (mangledName ? mangled : raw).matcher(text);
        if (!m.matches()) {
            return Optional.empty();
        }
        List<String> args = new ArrayList<>();
        for (int g = 1; g <= m.groupCount(); g++) {
            args.add(m.group(g));
        }
        return Optional.of(args);
    }

    private static Pattern pattern(String template, boolean mangled) {
        String base = marked(template, mangled);
        StringBuilder regex = new StringBuilder();
        Matcher m = MARK.matcher(base);
        int last = 0;
        while (m.find()) {
            regex.append(Pattern.quote(base.substring(last, m.start())));
            regex.append(groupFor(m.group(1), mangled));
            last = m.end();
        }
        regex.append(Pattern.quote(base.substring(last)));
        return Pattern.compile(regex.toString());
    }

    /** The template with each parameter as a mark {@code QQnameQQ}, mangled as a file name when asked. */
    private static String marked(String template, boolean mangled) {
        String marked = PARAM.matcher(template).replaceAll(r -> "QQ" + r.group(1) + "QQ");
        return mangled ? Mangling.mangle(marked) : marked;
    }

    /** The literal text before the first parameter of {@link #pattern}: every match starts with it. */
    private static String literalStart(String template, boolean mangled) {
        String base = marked(template, mangled);
        Matcher m = MARK.matcher(base);
        return m.find() ? base.substring(0, m.start()) : base;
    }

    private static String groupFor(String param, boolean mangled) {
        if (param.equals("args")) {
            return "(.+)";
        }
        if (param.equals("program")) {
            return "(ib_(?:write|read|send|atomic)_(?:bw|lat))";
        }
        if (param.equals("irq") || param.equals("prio") || param.equals("cpu") || param.equals("port")) {
            return "([0-9]+)";
        }
        // A name never starts with '-' (that would be an option), nor holds '/' or white space;
        // mangled, it never holds "_-", which is where the next option begins.
        return mangled ? "([A-Za-z0-9](?:[A-Za-z0-9.-]|_(?!-))*?)" : "([^\\s/-][^\\s/]*?)";
    }
}
