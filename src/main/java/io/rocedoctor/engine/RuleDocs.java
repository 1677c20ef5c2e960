package io.rocedoctor.engine;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/** The rule pages of docs/rules, packaged in the jar: {@code rules show ID} and each finding's explanation. */
public final class RuleDocs {
    private RuleDocs() {}

    public static Optional<String> page(String id) {
        if (!id.matches("[A-Z0-9_]{1,64}")) {
            return Optional.empty();
        }
        try (InputStream in = RuleDocs.class.getResourceAsStream("/io/rocedoctor/docs/rules/" + id + ".md")) {
            return in == null ? Optional.empty() : Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The first paragraph under "## What it means", joined into one line. */
    public static String explanation(String id) {
        return page(id).map(RuleDocs::firstParagraph).orElse("");
    }

    static String firstParagraph(String page) {
        int at = page.indexOf("## What it means");
        String rest = at < 0 ? page : page.substring(page.indexOf('\n', at) + 1);
        StringBuilder out = new StringBuilder();
        for (String line : rest.split("\n")) {
            if (line.isBlank()) {
                if (out.length() > 0) {
                    break;
                }
                continue;
            }
            if (line.startsWith("#")) {
                if (out.length() > 0) {
                    break;
                }
                continue;
            }
            out.append(out.length() == 0 ? "" : " ").append(line.strip());
        }
        return out.toString();
    }
}
