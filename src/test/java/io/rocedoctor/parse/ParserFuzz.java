package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

/**
 * Hostile text for parser property tests: random text, and real-format text mutated the ways
 * captures really break (lines dropped, duplicated, swapped, cut mid-line, numbers overflowing
 * a long). A parser must answer each with a result or a {@link ParseException}; nothing else.
 */
public final class ParserFuzz {
    private ParserFuzz() {}

    /** Random printable and control text, up to 2,000 characters. */
    public static Arbitrary<String> randomText() {
        return Arbitraries.strings()
                .withChars(" \t\n\r:=-_./,;[]()0123456789abcdefxyzABCXYZ\u00e9\u0000\uFFFD")
                .ofMaxLength(2000);
    }

    /** What every parser's property feeds it: random text, or a real-format sample damaged. */
    public static Arbitrary<String> randomOrMutated(String sample) {
        return Arbitraries.oneOf(randomText(), mutated(sample));
    }

    /** A real-format sample mutated by a seeded sequence of damage. */
    public static Arbitrary<String> mutated(String sample) {
        return Arbitraries.longs().map(seed -> mutate(sample, new Random(seed)));
    }

    /**
     * A real-format sample mutated, then with pieces that a scan of the text's Latin-1 bytes must
     * tell apart put in at random places: characters above U+00FF (another script's digit and
     * space, a surrogate pair, each a '?' in the bytes), a real '?', Latin-1's no-break space and
     * NEL, CR and CRLF breaks, a line of noise, a NUL.
     */
    public static Arbitrary<String> mutatedAcrossScripts(String sample) {
        return Arbitraries.longs().map(seed -> {
            Random random = new Random(seed);
            StringBuilder text = new StringBuilder(mutate(sample, random));
            int pieces = random.nextInt(8);
            for (int i = 0; i < pieces; i++) {
                text.insert(random.nextInt(text.length() + 1), ACROSS_SCRIPTS[random.nextInt(ACROSS_SCRIPTS.length)]);
            }
            return text.toString();
        });
    }

    private static final String[] ACROSS_SCRIPTS = {
        "\u0663",
        "\u2003",
        "\ud83d\ude00",
        "?",
        "\u00a0",
        "\u0085",
        "\r",
        "\r\n",
        "\t",
        ":",
        " 7",
        "\nWARNING: x\n",
        "\u0000"
    };

    public static String mutate(String sample, Random random) {
        List<String> lines = new ArrayList<>(List.of(sample.split("\n", -1)));
        int steps = 1 + random.nextInt(4);
        for (int i = 0; i < steps && !lines.isEmpty(); i++) {
            int at = random.nextInt(lines.size());
            switch (random.nextInt(6)) {
                case 0 -> lines.remove(at);
                case 1 -> lines.add(at, lines.get(at));
                case 2 -> {
                    int other = random.nextInt(lines.size());
                    String t = lines.get(at);
                    lines.set(at, lines.get(other));
                    lines.set(other, t);
                }
                case 3 -> {
                    String l = lines.get(at);
                    lines.set(at, l.substring(0, random.nextInt(l.length() + 1)));
                    lines.subList(at + 1, lines.size()).clear();
                }
                case 4 -> lines.set(at, lines.get(at).replaceAll("[0-9]+", "99999999999999999999999"));
                default -> {
                    String[] f = lines.get(at).split("\\s+");
                    if (f.length > 1) {
                        String t = f[0];
                        f[0] = f[f.length - 1];
                        f[f.length - 1] = t;
                        lines.set(at, String.join(" ", f));
                    }
                }
            }
        }
        return String.join("\n", lines);
    }

    /** Runs the parser; passes on a result or a ParseException, rethrows anything else. */
    public static void survives(Parser<?> parser, String text) {
        try {
            parser.parse(text);
        } catch (ParseException expected) {
            if (expected.line() < 0) {
                throw new AssertionError("negative line in diagnostic");
            }
        }
    }
}
