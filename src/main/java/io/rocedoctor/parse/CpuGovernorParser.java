package io.rocedoctor.parse;

import java.util.regex.Pattern;

/**
 * Parses a {@code scaling_governor} file.
 *
 * <pre>
 * powersave
 * </pre>
 * gives {@code CpuGovernor("powersave")}. Empty text, several words (an error from cat: "No such
 * file or directory") or a word that is not a governor name is a ParseException.
 */
public final class CpuGovernorParser implements Parser<CpuGovernor> {
    /** Compiled once: a host has a governor file per CPU. */
    private static final Pattern GOVERNOR = Pattern.compile("[a-z][a-z0-9_]*");

    @Override
    public CpuGovernor parse(String text) throws ParseException {
        String word = SingleWord.of(text, "scaling_governor");
        if (!GOVERNOR.matcher(word).matches()) {
            throw new ParseException(1, "scaling_governor: not a governor name: '" + TextLines.abbreviate(word) + "'");
        }
        return new CpuGovernor(word);
    }
}
