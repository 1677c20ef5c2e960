package io.rocedoctor.parse;

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
    @Override
    public CpuGovernor parse(String text) throws ParseException {
        String word = SingleWord.of(text, "scaling_governor");
        if (!word.matches("[a-z][a-z0-9_]*")) {
            throw new ParseException(1, "scaling_governor: not a governor name: '" + TextLines.abbreviate(word) + "'");
        }
        return new CpuGovernor(word);
    }
}
