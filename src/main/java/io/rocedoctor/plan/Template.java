package io.rocedoctor.plan;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A catalog template: {@code {name}} is replaced by the parameter's value, shell-quoted;
 * {@code {name:path}} by a sysctl key written as a /proc/sys path. Values given as
 * {@code verbatim} (such as {@code "$1"} for the value a write function receives) go in as they are.
 */
final class Template {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([a-z_]+)(?::(path))?}");

    private Template() {}

    static String render(String template, Map<String, String> values, Map<String, String> verbatim) {
        Matcher m = PLACEHOLDER.matcher(template);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String name = m.group(1);
            String replacement;
            if (verbatim.containsKey(name)) {
                replacement = verbatim.get(name);
            } else if (values.containsKey(name)) {
                String value = values.get(name);
                replacement = Shell.quote(m.group(2) == null ? value : value.replace('.', '/'));
            } else {
                throw new IllegalArgumentException("template names {" + name + "}, which has no value: " + template);
            }
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** The parameter names a template refers to. */
    static Set<String> names(String template) {
        Set<String> out = new LinkedHashSet<>();
        Matcher m = PLACEHOLDER.matcher(template);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    /** True when a placeholder sits inside double quotes, where a quoted value would keep its quotes literally. */
    static boolean quotesPlaceholder(String template) {
        Matcher m = PLACEHOLDER.matcher(template);
        while (m.find()) {
            long quotes = template.substring(0, m.start())
                    .chars()
                    .filter(c -> c == '"')
                    .count();
            if (quotes % 2 == 1) {
                return true;
            }
        }
        return false;
    }
}
