package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.LineParser;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.TextLines;

/**
 * Parses {@code nv show interface IF link}. The operational MTU wins over the applied one: a
 * pending or not yet applied change does not size the frames the port accepts.
 * <pre>
 *                        operational        applied  pending
 * ---------------------  -----------------  -------  -------
 * auto-negotiate         off                on       on
 * mtu                    9000               9216     9216
 * state                  up                 up       up
 * stats
 *   in-drops             0</pre>
 * -> MTU 9000. An MTU that is not a number fails the text at its line (it is the one value read).
 * Empty text is a ParseException at line 0; text with no NVUE table at line 1.
 */
public final class NvueLinkParser extends LineParser<NvueLink> {

    @Override
    protected NvueLink parse(TextLines lines) throws ParseException {
        LineByLine rows = new LineByLine(lines);
        NvueLink link =
                new NvueLink(NvueTables.integer(rows, NvueTables.parse(lines).get(0), "mtu"));
        rows.requireSomeRead();
        return link;
    }
}
