package io.rocedoctor.synth;

import io.rocedoctor.synth.SwitchModel.SwitchPortModel;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What a SONiC leaf prints for the switch model: {@code /etc/sonic/config_db.json} (the tables
 * roce-doctor reads, per port as {@code config qos reload} writes them) and the counter tables
 * {@code show pfcwd stats} and {@code show priority-group drop counters}.
 */
final class SonicTexts {
    private final HostModel host;
    private final SwitchModel sw;

    SonicTexts(HostModel host, SwitchModel sw) {
        this.host = host;
        this.sw = sw;
    }

    String configDb() {
        Json out = new Json();
        out.open("PORT");
        for (SwitchPortModel p : sw.ports) {
            out.open(p.name)
                    .field("admin_status", "up")
                    .field("alias", "etp" + (Integer.parseInt(p.name.substring(8)) / 4 + 1))
                    .field("fec", "rs")
                    .field("lanes", lanes(p))
                    .field("mtu", String.valueOf(p.mtu))
                    .field("speed", String.valueOf(p.hostPort.speedMbps))
                    .close();
        }
        out.close().open("CABLE_LENGTH").open("AZURE");
        sw.ports.forEach(p -> out.field(p.name, "5m"));
        out.close()
                .close()
                .open("BUFFER_POOL")
                .open("ingress_lossless_pool")
                .field("mode", "dynamic")
                .field("size", String.valueOf(sw.losslessPoolBytes))
                .field("type", "ingress")
                .field("xoff", "4194304")
                .close()
                .open("egress_lossy_pool")
                .field("mode", "dynamic")
                .field("size", String.valueOf(sw.lossyPoolBytes))
                .field("type", "egress")
                .close()
                .close()
                .open("BUFFER_PROFILE");
        for (long xoff : distinct(sw.ports.stream().map(p -> p.xoffBytes).toList())) {
            out.open(headroomProfile(xoff))
                    .field("dynamic_th", "-3")
                    .field("pool", "ingress_lossless_pool")
                    .field("size", "19456")
                    .field("xoff", String.valueOf(xoff))
                    .field("xon", "19456")
                    .close();
        }
        out.open("ingress_lossy_profile")
                .field("dynamic_th", "3")
                .field("pool", "ingress_lossless_pool")
                .field("size", "0")
                .close()
                .close()
                .open("BUFFER_PG");
        for (SwitchPortModel p : sw.ports) {
            out.open(p.name + "|0")
                    .field("profile", "ingress_lossy_profile")
                    .close()
                    .open(p.name + "|" + p.losslessPriority)
                    .field("profile", headroomProfile(p.xoffBytes))
                    .close();
        }
        out.close().open("WRED_PROFILE");
        for (long min : distinct(sw.ports.stream().map(p -> p.ecnMinBytes).toList())) {
            out.open(wredProfile(min))
                    .field("ecn", "ecn_all")
                    .field("green_drop_probability", "5")
                    .field("green_max_threshold", "1572864")
                    .field("green_min_threshold", String.valueOf(min))
                    .field("wred_green_enable", "true")
                    .close();
        }
        out.close()
                .open("SCHEDULER")
                .open("scheduler.0")
                .field("type", "DWRR")
                .field("weight", "50")
                .close()
                .open("scheduler.1")
                .field("type", "STRICT")
                .close()
                .close()
                .open("QUEUE");
        for (SwitchPortModel p : sw.ports) {
            out.open(p.name + "|" + p.losslessPriority)
                    .field("scheduler", "scheduler.0")
                    .field("wred_profile", wredProfile(p.ecnMinBytes))
                    .close()
                    .open(p.name + "|6")
                    .field("scheduler", "scheduler.1")
                    .close();
        }
        out.close().open("PORT_QOS_MAP");
        for (SwitchPortModel p : sw.ports) {
            out.open(p.name)
                    .field(p.trust.equals("pcp") ? "dot1p_to_tc_map" : "dscp_to_tc_map", dscpMap(p))
                    .field("pfc_enable", String.valueOf(p.losslessPriority))
                    .field("pfc_to_queue_map", "AZURE")
                    .field("pfcwd_sw_enable", String.valueOf(p.losslessPriority))
                    .field("tc_to_pg_map", "AZURE")
                    .field("tc_to_queue_map", "AZURE")
                    .close();
        }
        out.close().open("DSCP_TO_TC_MAP");
        Set<String> maps = new HashSet<>();
        for (SwitchPortModel p : sw.ports) {
            if (p.trust.equals("dscp") && maps.add(dscpMap(p))) {
                out.open(dscpMap(p));
                for (int dscp = 0; dscp < 64; dscp++) {
                    out.field(
                            String.valueOf(dscp),
                            String.valueOf(dscp == p.losslessDscp ? p.losslessPriority : dscp == 48 ? 6 : 0));
                }
                out.close();
            }
        }
        out.close();
        for (String table : List.of(
                "DOT1P_TO_TC_MAP", "TC_TO_PRIORITY_GROUP_MAP", "TC_TO_QUEUE_MAP", "MAP_PFC_PRIORITY_TO_QUEUE")) {
            out.open(table).open("AZURE");
            for (int i = 0; i < 8; i++) {
                out.field(String.valueOf(i), String.valueOf(i));
            }
            out.close().close();
        }
        out.open("PFC_WD").open("GLOBAL").field("POLL_INTERVAL", "200").close();
        for (SwitchPortModel p : sw.ports) {
            if (p.watchdog) {
                out.open(p.name)
                        .field("action", "drop")
                        .field("detection_time", "200")
                        .field("restoration_time", "200")
                        .close();
            }
        }
        List<String> hash = sw.hashesL4
                ? List.of("SRC_IP", "DST_IP", "IP_PROTOCOL", "L4_SRC_PORT", "L4_DST_PORT")
                : List.of("SRC_IP", "DST_IP", "IP_PROTOCOL");
        return out.close()
                .open("SWITCH_HASH")
                .open("GLOBAL")
                .list("ecmp_hash", hash)
                .list("lag_hash", hash)
                .close()
                .close()
                .end();
    }

    /** Every watched lossless queue; storms counted since boot plus those the model puts between the samples. */
    String pfcwdStats(int sample) {
        List<String[]> rows = new ArrayList<>();
        for (SwitchPortModel p : sw.ports) {
            if (p.watchdog) {
                long storms = sample == 0 ? 0 : p.stormsBetweenSamples;
                rows.add(new String[] {
                    p.name + ":" + p.losslessPriority, "operational", storms + "/" + storms, "0/0", "0/0", "0/0", "0/0"
                });
            }
        }
        return table(
                List.of(
                        "QUEUE",
                        "STATUS",
                        "STORM DETECTED/RESTORED",
                        "TX OK/DROP",
                        "RX OK/DROP",
                        "TX LAST OK/DROP",
                        "RX LAST OK/DROP"),
                rows);
    }

    String pgDrops(int sample) {
        List<String> header = new ArrayList<>(List.of("Port"));
        for (int pg = 0; pg < 8; pg++) {
            header.add("PG" + pg);
        }
        double seconds = (double) host.shape.intervalSeconds() * sample;
        List<String[]> rows = new ArrayList<>();
        for (SwitchPortModel p : sw.ports) {
            String[] row = new String[9];
            row[0] = p.name;
            for (int pg = 0; pg < 8; pg++) {
                row[pg + 1] =
                        pg == p.losslessPriority ? String.valueOf(Math.round(p.losslessDropsPerSecond * seconds)) : "0";
            }
            rows.add(row);
        }
        return "Ingress PG dropped packets:\n" + table(header, rows);
    }

    private static String lanes(SwitchPortModel p) {
        int first = Integer.parseInt(p.name.substring(8)) * 2;
        return first + "," + (first + 1) + "," + (first + 2) + "," + (first + 3);
    }

    private static String headroomProfile(long xoff) {
        return xoff == 50_176 ? "pg_lossless_100000_5m_profile" : "pg_lossless_100000_5m_xoff" + xoff + "_profile";
    }

    private static String wredProfile(long min) {
        return min == 150_000 ? "AZURE_LOSSLESS" : "AZURE_LOSSLESS_MIN" + min;
    }

    /** A port whose map differs from the fleet's (DSCP 26 to priority 3) uses a map of its own. */
    private static String dscpMap(SwitchPortModel p) {
        return p.losslessDscp == 26 && p.losslessPriority == 3 ? "AZURE" : "AZURE_" + p.name;
    }

    private static <T> List<T> distinct(List<T> values) {
        return values.stream().distinct().toList();
    }

    /** A tabulate "simple" table, as SONiC's show commands print: columns right-aligned, dashes under the header. */
    private static String table(List<String> header, List<String[]> rows) {
        int[] width = new int[header.size()];
        for (int c = 0; c < width.length; c++) {
            width[c] = header.get(c).length();
            for (String[] r : rows) {
                width[c] = Math.max(width[c], r[c].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (int c = 0; c < width.length; c++) {
            out.append(c == 0 ? "" : "  ").append(String.format(Locale.ROOT, "%" + width[c] + "s", header.get(c)));
        }
        out.append('\n');
        for (int c = 0; c < width.length; c++) {
            out.append(c == 0 ? "" : "  ").append("-".repeat(width[c]));
        }
        out.append('\n');
        for (String[] r : rows) {
            for (int c = 0; c < width.length; c++) {
                out.append(c == 0 ? "" : "  ").append(String.format(Locale.ROOT, "%" + width[c] + "s", r[c]));
            }
            out.append('\n');
        }
        return out.toString();
    }

    /** A minimal writer of config_db's shape (objects of objects of strings, and string lists), indented as sonic-cfggen does. */
    private static final class Json {
        private final StringBuilder out = new StringBuilder("{");
        private final List<Boolean> first = new ArrayList<>(List.of(true));

        Json open(String key) {
            separator().append(quote(key)).append(": {");
            first.add(true);
            return this;
        }

        Json field(String key, String value) {
            separator().append(quote(key)).append(": ").append(quote(value));
            return this;
        }

        Json list(String key, List<String> values) {
            separator().append(quote(key)).append(": [");
            String indent = "    ".repeat(first.size() + 1);
            for (int i = 0; i < values.size(); i++) {
                out.append(i == 0 ? "\n" : ",\n").append(indent).append(quote(values.get(i)));
            }
            out.append('\n').append("    ".repeat(first.size())).append(']');
            return this;
        }

        Json close() {
            first.remove(first.size() - 1);
            out.append('\n').append("    ".repeat(first.size())).append('}');
            return this;
        }

        String end() {
            return out.append("\n}\n").toString();
        }

        private StringBuilder separator() {
            int depth = first.size();
            out.append(first.get(depth - 1) ? "\n" : ",\n").append("    ".repeat(depth));
            first.set(depth - 1, false);
            return out;
        }

        private static String quote(String s) {
            return '"' + s + '"';
        }
    }
}
