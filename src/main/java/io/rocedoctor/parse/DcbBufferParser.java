package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code dcb buffer show dev IF} (iproute2 5.11 and later, dcb/dcb_buffer.c). Only drivers
 * with DCBNL buffer operations answer (mlx5_core); others fail, which the capture records.
 * <pre>
 * prio-buffer 0:0 1:0 2:0 3:1 4:0 5:0 6:0 7:0
 * buffer-size 0:130944b 1:261888b 2:0b 3:0b 4:0b 5:0b 6:0b 7:0b
 * total-size 1216Kb
 * </pre>
 * -> priority 3 in buffer 1, the others in buffer 0; buffer 1 holds 261888 bytes; 1245184 bytes
 * in all. Sizes are printed the way tc prints them: bytes with a {@code b}, or, when within a few
 * bytes of a whole number of them, {@code Kb} or {@code Mb} (1024-based), so a size read from a
 * {@code K}/{@code M} form may be off by those few bytes. A size or index that is not one makes
 * its line a note (the whole line: a map is never read with a hole) and the other lines stand; an
 * output with neither map read is a ParseException.
 */
public final class DcbBufferParser extends LineParser<DcbBuffer> {
    private static final Set<String> NAMES = Set.of("prio-buffer", "buffer-size", "total-size");
    private static final Pattern SIZE = Pattern.compile("(\\d{1,12})(?:([KMG])i?)?[bB]?", Pattern.CASE_INSENSITIVE);

    @Override
    protected DcbBuffer parse(TextLines lines) throws ParseException {
        DcbAttributes a = DcbAttributes.parse(lines, "dcb buffer show", NAMES);
        DcbAttributes.Attribute prioBuffer = a.get("prio-buffer");
        DcbAttributes.Attribute sizes = a.get("buffer-size");
        Map<Integer, Integer> priorityBuffer = prioBuffer == null
                ? null
                : DcbAttributes.lineOrNote(lines, () -> {
                    Map<Integer, Integer> map = new TreeMap<>();
                    for (Map.Entry<String, String> e : prioBuffer.pairs()) {
                        map.put(
                                DcbAttributes.index(e.getKey(), prioBuffer.line(), "prio-buffer priority"),
                                DcbAttributes.index(e.getValue(), prioBuffer.line(), "prio-buffer buffer"));
                    }
                    return map;
                });
        List<Long> bytes = sizes == null
                ? null
                : DcbAttributes.lineOrNote(lines, () -> {
                    List<Long> list = new ArrayList<>();
                    for (Map.Entry<String, String> e : sizes.pairs()) {
                        if (DcbAttributes.index(e.getKey(), sizes.line(), "buffer-size buffer") != list.size()) {
                            throw new ParseException(sizes.line(), "buffer-size: buffers are not 0, 1, 2... in order");
                        }
                        list.add(size(e.getValue(), sizes.line()));
                    }
                    return list;
                });
        if (priorityBuffer == null && bytes == null) {
            throw new ParseException(1, "dcb buffer show: neither prio-buffer nor buffer-size");
        }
        DcbAttributes.Attribute total = a.get("total-size");
        return new DcbBuffer(
                priorityBuffer == null ? Map.of() : priorityBuffer,
                bytes == null ? List.of() : bytes,
                total == null ? null : DcbAttributes.lineOrNote(lines, () -> size(total.value(), total.line())));
    }

    private static long size(String value, int line) throws ParseException {
        Matcher m = SIZE.matcher(value);
        if (!m.matches()) {
            throw new ParseException(line, "not a size: '" + TextLines.abbreviate(value) + "'");
        }
        int shift = m.group(2) == null
                ? 0
                : 10 * ("KMG".indexOf(Character.toUpperCase(m.group(2).charAt(0))) + 1);
        try {
            return Math.multiplyExact(Long.parseLong(m.group(1)), 1L << shift);
        } catch (ArithmeticException e) {
            throw new ParseException(line, "size out of range: '" + TextLines.abbreviate(value) + "'");
        }
    }
}
