package io.rocedoctor.bundle;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** The shortcuts behind a source's key and rendering answer as the regular expressions they skip. */
class SourceKeyShortcutsTest {

    @Property(tries = 3000)
    void manglingIsTheRegexMangling(@ForAll("argument") String argument) {
        String s = argument.trim().replaceFirst("^/(?:usr/)?s?bin/", "");
        s = s.replaceAll("[^A-Za-z0-9_\\-./]+", "_").replace('/', '.').replaceAll("^[ ._-]+|[ ._-]+$", "");
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        String expected = bytes.length <= 255 ? s : new String(bytes, 0, 255, StandardCharsets.US_ASCII);
        assertThat(Mangling.mangle(argument)).isEqualTo(expected);
    }

    @Test
    void everyTemplateRendersAsTheRegexReplacement() {
        List<String> args = List.of("ens1f0np0", "a$1\\b", "3");
        for (SourceKind kind : SourceKind.values()) {
            for (String template : kind.templates()) {
                for (int n = 0; n <= args.size(); n++) {
                    Matcher m = Pattern.compile("\\{([a-z]+)}").matcher(template);
                    StringBuilder expected = new StringBuilder();
                    int i = 0;
                    while (m.find()) {
                        m.appendReplacement(expected, Matcher.quoteReplacement(i < n ? args.get(i) : ""));
                        i++;
                    }
                    m.appendTail(expected);
                    assertThat(new SourceTemplate(template, true).render(args.subList(0, n)))
                            .isEqualTo(expected.toString());
                }
            }
        }
    }

    @Provide
    Arbitrary<String> argument() {
        Arbitrary<String> shortOnes =
                Arbitraries.strings().withChars("aZ09_-./: \t\u00e9$").ofMaxLength(12);
        Arbitrary<String> longOnes =
                Arbitraries.strings().withChars("ab_-.").ofMinLength(250).ofMaxLength(260);
        return Arbitraries.oneOf(shortOnes, shortOnes, longOnes);
    }
}
