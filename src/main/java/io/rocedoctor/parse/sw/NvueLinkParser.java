package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.Parser;

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
 * -> MTU 9000. Empty text is a ParseException at line 0; text with no NVUE table at line 1.
 */
public final class NvueLinkParser implements Parser<NvueLink> {

    @Override
    public NvueLink parse(String text) throws ParseException {
        return new NvueLink(NvueTables.integer(NvueTables.parse(text).get(0), "mtu"));
    }
}
