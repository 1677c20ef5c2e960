package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.LineParser;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.TextLines;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses {@code nv show qos roce} and {@code nv show interface IF qos roce status} (same keys;
 * the status adds a description column and pool usage).
 * <pre>
 *                     operational            applied
 * ------------------  ---------------------  ---------------------
 * enable                                     on
 * mode                lossless-single-ipool  lossless-single-ipool
 * pfc
 *   pfc-priority      3
 *   cable-length      100
 * congestion-control
 *   congestion-mode   ECN
 *   enabled-tc        0,3
 *   min-threshold     146.48 KB
 *   max-threshold     1.43 MB
 *   probability       100
 * trust
 *   trust-mode        pcp,dscp
 * RoCE PCP/DSCP->SP mapping configurations
 * ===========================================
 *        pcp  dscp                     switch-prio
 *     -  ---  -----------------------  -----------
 *     3  3    24,25,26,27,28,29,30,31  3</pre>
 * -> enabled, lossless-single-ipool, PFC [3], ECN 149996..1499464 bytes at 100, trust [pcp, dscp],
 * DSCP 26 -> switch priority 3.
 * A field or a mapping row that does not read (a priority that is not a number, a threshold
 * that is not a size) is a note on its line and the other fields and rows stand; with none read
 * the text fails at the first. Empty text is a ParseException at line 0; text with no NVUE table
 * at line 1.
 */
public final class NvueRoceParser extends LineParser<NvueRoce> {

    @Override
    protected NvueRoce parse(TextLines lines) throws ParseException {
        List<NvueTables.Table> tables = NvueTables.parse(lines);
        NvueTables.Table top = tables.get(0);
        LineByLine rows = new LineByLine(lines);
        List<NvueRoce.PriorityMapping> priorities = new ArrayList<>();
        NvueTables.Table map = NvueTables.titled(tables, "RoCE PCP/DSCP->SP");
        if (map != null) {
            for (NvueTables.Row r : map.rows()) {
                rows.add(
                        priorities,
                        () -> new NvueRoce.PriorityMapping(
                                r.cell(0),
                                SwitchValues.integer(r.cell(map.column("pcp")), r.line(), "pcp"),
                                SwitchValues.integers(r.cell(map.column("dscp")), r.line(), "dscp"),
                                SwitchValues.integer(r.cell(map.column("switch-prio")), r.line(), "switch-prio")));
            }
        }
        List<NvueRoce.TrafficClassMapping> classes = new ArrayList<>();
        NvueTables.Table tc = NvueTables.titled(tables, "RoCE SP->TC");
        if (tc != null) {
            for (NvueTables.Row r : tc.rows()) {
                rows.add(
                        classes,
                        () -> new NvueRoce.TrafficClassMapping(
                                r.cell(0),
                                SwitchValues.integer(r.cell(tc.column("switch-prio")), r.line(), "switch-prio"),
                                SwitchValues.integer(r.cell(tc.column("traffic-class")), r.line(), "traffic-class"),
                                r.cell(tc.column("scheduler-weight"))));
            }
        }
        List<NvueRoce.Pool> pools = new ArrayList<>();
        NvueTables.Table pool = NvueTables.titled(tables, "RoCE pool");
        if (pool != null) {
            for (NvueTables.Row r : pool.rows()) {
                rows.add(
                        pools,
                        () -> new NvueRoce.Pool(
                                r.cell(pool.column("name")),
                                r.cell(pool.column("mode")),
                                r.cell(pool.column("size")),
                                SwitchValues.integers(
                                        r.cell(pool.column("switch-priorities")), r.line(), "switch-priorities"),
                                SwitchValues.integers(
                                        r.cell(pool.column("traffic-class")), r.line(), "traffic-class")));
            }
        }
        NvueRoce roce = new NvueRoce(
                NvueTables.flag(rows, top, "enable"),
                NvueTables.text(top, "mode"),
                NvueTables.integers(rows, top, "pfc.pfc-priority"),
                NvueTables.flag(rows, top, "pfc.rx-enabled"),
                NvueTables.flag(rows, top, "pfc.tx-enabled"),
                NvueTables.integer(rows, top, "pfc.cable-length"),
                NvueTables.text(top, "congestion-control.congestion-mode"),
                NvueTables.integers(rows, top, "congestion-control.enabled-tc"),
                NvueTables.bytes(rows, top, "congestion-control.min-threshold"),
                NvueTables.bytes(rows, top, "congestion-control.max-threshold"),
                NvueTables.integer(rows, top, "congestion-control.probability"),
                NvueTables.words(top, "trust.trust-mode"),
                priorities,
                classes,
                pools);
        rows.requireSomeRead();
        return roce;
    }
}
