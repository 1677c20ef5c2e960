package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.LineParser;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.TextLines;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses {@code nv show qos roce pool}.
 * <pre>
 *    name                   mode     pool-id  size      current-usage  max-usage
 * -  ---------------------  -------  -------  --------  -------------  ---------
 * 0  lossy-default-ingress  DYNAMIC  2        14.46 MB  0 Bytes        0 Bytes
 * 2  lossy-default-egress   DYNAMIC  13       14.46 MB  0 Bytes        0 Bytes</pre>
 * -> lossy-default-ingress (pool 2) and lossy-default-egress (pool 13), 15162409 B each. A row
 * without a name, or whose pool id or size does not read, is a note on its line and the other
 * pools stand (a pool's size is what its row is read for); with no row read the text fails at the
 * first. Empty
 * text is a ParseException at line 0; text with no NVUE table at line 1, or with no table of pool
 * names and sizes (another view) at line 1.
 */
public final class NvueRocePoolsParser extends LineParser<NvueRocePools> {

    @Override
    protected NvueRocePools parse(TextLines lines) throws ParseException {
        LineByLine rows = new LineByLine(lines);
        for (NvueTables.Table t : NvueTables.parse(lines)) {
            int name = t.column("name");
            int size = t.column("size");
            int id = t.column("pool-id");
            if (name < 0 || size < 0 || id < 0) {
                continue;
            }
            List<NvueRocePools.Pool> pools = new ArrayList<>();
            for (NvueTables.Row r : t.rows()) {
                rows.add(pools, () -> {
                    if (r.cell(name).isEmpty()) {
                        throw new ParseException(r.line(), "a pool row without a name");
                    }
                    return new NvueRocePools.Pool(
                            r.cell(name),
                            r.cell(t.column("mode")),
                            SwitchValues.integer(r.cell(id), r.line(), "pool-id"),
                            SwitchValues.bytes(r.cell(size), r.line(), "size"));
                });
            }
            rows.requireSomeRead();
            return new NvueRocePools(pools);
        }
        throw new ParseException(1, "no table of RoCE pools (name, pool-id, size)");
    }
}
