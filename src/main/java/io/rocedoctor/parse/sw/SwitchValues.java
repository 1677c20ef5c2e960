package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.TextLines;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The value spellings switch outputs share: counters with thousands separators and {@code N/A},
 * priority lists with ranges ({@code 3,4}, {@code 3-4}), enable words
 * ({@code enable}, {@code enabled}, {@code on}, {@code yes}, {@code true}) and NVUE sizes
 * ({@code 146.48 KB}, {@code 40000 B}, {@code 0 Bytes}; binary units, as NVUE prints them).
 */
final class SwitchValues {
    // Compiled once: String.matches and split compile their expression at every call, and these run per table cell.
    private static final Pattern NUMBER = Pattern.compile("-?[0-9]+");

    private static final Pattern SEPARATORS = Pattern.compile("[,\\s]+");
    private static final Pattern RANGE = Pattern.compile("([0-9]{1,9})-([0-9]{1,9})");

    private static final Pattern SIZE = Pattern.compile("(?i)([0-9]+(?:\\.[0-9]+)?)\\s*(b|bytes?|kb|mb|gb|tb)?");
    private static final BigDecimal MAX_LONG = BigDecimal.valueOf(Long.MAX_VALUE);

    private SwitchValues() {}

    /** Whether a cell says "no value": empty, {@code N/A}, {@code -}, {@code n/a}, {@code NULL}. */
    static boolean absent(String cell) {
        String c = cell == null ? "" : cell.strip();
        return c.isEmpty()
                || c.equals("-")
                || c.equalsIgnoreCase("n/a")
                || c.equalsIgnoreCase("null")
                || c.equals("None");
    }

    /** A counter ({@code 1,200}, up to 2^64-1), null when absent; anything else names the line. */
    static Long count(String cell, int line, String what) throws ParseException {
        return count(cell, line, () -> what);
    }

    /** As {@link #count(String, int, String)}, {@code what} spelled only for an error (a config_db map builds it per entry). */
    static Long count(String cell, int line, Supplier<String> what) throws ParseException {
        long plain = plainDigits(cell);
        if (plain >= 0) {
            return plain;
        }
        if (absent(cell)) {
            return null;
        }
        String digits = cell.strip().replace(",", "");
        if (!NUMBER.matcher(digits).matches()) {
            throw new ParseException(line, what.get() + " is not a number: '" + TextLines.abbreviate(cell) + "'");
        }
        // SAI keeps switch counters as u64: values above 2^63-1 are held in a long's 64 bits.
        return digits.startsWith("-")
                ? TextLines.parseLong(digits, line, what.get())
                : TextLines.parseCounter(digits, line, what);
    }

    /**
     * A cell of 1 to 18 ASCII digits alone, what nearly every cell is, read without the checks a
     * separator, sign or word needs (all of which it passes); -1 for any other cell.
     */
    static long plainDigits(String cell) {
        if (cell == null || cell.isEmpty() || cell.length() > 18) {
            return -1;
        }
        long v = 0;
        for (int i = 0; i < cell.length(); i++) {
            char c = cell.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    /** A small whole number (priority, threshold, probability), null when absent. */
    static Integer integer(String cell, int line, String what) throws ParseException {
        return integer(cell, line, () -> what);
    }

    /** As {@link #integer(String, int, String)}, {@code what} spelled only for an error. */
    static Integer integer(String cell, int line, Supplier<String> what) throws ParseException {
        Long v = count(cell, line, what);
        if (v == null) {
            return null;
        }
        if (v > Integer.MAX_VALUE || v < Integer.MIN_VALUE) {
            throw new ParseException(line, what.get() + " is out of range: '" + TextLines.abbreviate(cell) + "'");
        }
        return v.intValue();
    }

    /** A list of whole numbers: {@code 3,4}, {@code 3-4}, {@code 0,1,2}; empty when absent. */
    static List<Integer> integers(String cell, int line, String what) throws ParseException {
        List<Integer> out = new ArrayList<>();
        if (absent(cell)) {
            return out;
        }
        for (String part : SEPARATORS.split(cell)) {
            if (part.isEmpty()) {
                continue;
            }
            Matcher range = RANGE.matcher(part);
            if (range.matches()) {
                int from = Integer.parseInt(range.group(1));
                int to = Integer.parseInt(range.group(2));
                if (to < from || to - from > 4096) {
                    throw new ParseException(line, what + " has a bad range: '" + TextLines.abbreviate(part) + "'");
                }
                for (int v = from; v <= to; v++) {
                    out.add(v);
                }
            } else {
                out.add(integer(part, line, what));
            }
        }
        return out;
    }

    /** An enable word as true/false; null when absent or not one. */
    static Boolean flag(String cell) {
        String c = cell == null ? "" : cell.strip().toLowerCase(Locale.ROOT);
        return switch (c) {
            case "enable", "enabled", "on", "yes", "true" -> Boolean.TRUE;
            case "disable", "disabled", "off", "no", "false" -> Boolean.FALSE;
            default -> null;
        };
    }

    /** An enable word as true/false, null when absent; any other word names the line. */
    static Boolean flag(String cell, int line, String what) throws ParseException {
        Boolean on = flag(cell);
        if (on == null && !absent(cell)) {
            throw new ParseException(
                    line, what + " is neither on nor off: '" + TextLines.abbreviate(cell.strip()) + "'");
        }
        return on;
    }

    /**
     * An NVUE size in bytes (binary units, rounded), a bare number taken as bytes; null when absent
     * or unbounded ({@code inf}, {@code infinity}).
     */
    static Long bytes(String cell, int line, String what) throws ParseException {
        if (absent(cell) || cell.strip().toLowerCase(Locale.ROOT).startsWith("inf")) {
            return null;
        }
        Matcher m = SIZE.matcher(cell.strip().replace(",", ""));
        if (!m.matches()) {
            throw new ParseException(line, what + " is not a size: '" + TextLines.abbreviate(cell) + "'");
        }
        String unit = m.group(2) == null ? "b" : m.group(2).toLowerCase(Locale.ROOT);
        int shift = switch (unit) {
            case "kb" -> 10;
            case "mb" -> 20;
            case "gb" -> 30;
            case "tb" -> 40;
            default -> 0;
        };
        BigDecimal value = new BigDecimal(m.group(1))
                .multiply(BigDecimal.valueOf(2).pow(shift))
                .setScale(0, RoundingMode.HALF_UP);
        if (value.compareTo(MAX_LONG) > 0) {
            throw new ParseException(line, what + " is too large: '" + TextLines.abbreviate(cell) + "'");
        }
        return value.longValueExact();
    }

    /** A percentage ({@code 100%}, {@code DWRR-50%}), null when the cell holds none. */
    static Integer percent(String cell, int line, String what) throws ParseException {
        Matcher m = Pattern.compile("([0-9]{1,9})%").matcher(cell == null ? "" : cell);
        return m.find() ? integer(m.group(1), line, what) : null;
    }
}
