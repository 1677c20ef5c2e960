package io.rocedoctor.parse.sw;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The columns of a table drawn by a line of dash runs, as SONiC's tabulate and NVUE both print:
 * <pre>
 *      Port    PFC0    PFC1
 * ---------  ------  ------
 * Ethernet0   1,200     201</pre>
 * Each run of dashes is a column; a row is cut where the columns start. Values can be empty (NVUE
 * leaves an "operational" cell blank) or hold single spaces ({@code 0 Bytes}), so positions are
 * the authority (a narrow terminal cuts a dash run with {@code …}, which stays part of it). A row
 * whose text straddles a column start (padding collapsed or tabs) is split on runs of white space
 * instead, so damaged text still gives its values in order.
 */
final class RuledColumns {
    private static final Pattern RULE = Pattern.compile("^\\s*-+…?(\\s+-+…?)*$");
    private static final Pattern RUN = Pattern.compile("-+");

    private final List<Integer> starts;

    private RuledColumns(List<Integer> starts) {
        this.starts = List.copyOf(starts);
    }

    static boolean isRule(String line) {
        return RULE.matcher(line).matches();
    }

    static RuledColumns of(String rule) {
        List<Integer> starts = new ArrayList<>();
        Matcher m = RUN.matcher(rule);
        while (m.find()) {
            starts.add(m.start());
        }
        return new RuledColumns(starts);
    }

    int count() {
        return starts.size();
    }

    /** The cells of a row, stripped, exactly {@link #count()} of them. */
    List<String> cells(String row) {
        int n = starts.size();
        if (aligned(row)) {
            List<String> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                int from = i == 0 ? 0 : Math.min(starts.get(i), row.length());
                int to = i + 1 < n ? Math.min(starts.get(i + 1), row.length()) : row.length();
                out.add(row.substring(from, Math.max(from, to)).strip());
            }
            return out;
        }
        String[] wide = row.strip().split("\\s{2,}|\\t+");
        String[] narrow = row.strip().split("\\s+");
        String[] chosen = wide.length != n && narrow.length == n ? narrow : wide;
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            if (i < chosen.length) {
                out.add(i == n - 1 ? String.join(" ", List.of(chosen).subList(i, chosen.length)) : chosen[i]);
            } else {
                out.add("");
            }
        }
        return out;
    }

    private boolean aligned(String row) {
        if (row.indexOf('\t') >= 0) {
            return false;
        }
        for (int i = 1; i < starts.size(); i++) {
            int at = starts.get(i);
            if (at < row.length() && row.charAt(at - 1) != ' ' && row.charAt(at) != ' ') {
                return false;
            }
        }
        return true;
    }
}
