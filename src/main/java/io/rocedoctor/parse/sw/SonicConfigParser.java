package io.rocedoctor.parse.sw;

import com.fasterxml.jackson.databind.JsonNode;
import io.rocedoctor.parse.JsonText;
import io.rocedoctor.parse.OrderedCopy;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.Parser;
import io.rocedoctor.parse.TextLines;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses SONiC's {@code /etc/sonic/config_db.json} (or a fragment of it) into its QoS, buffer and
 * hash tables. Every value in config_db is a string; lists are comma-separated ({@code "3,4"}),
 * except the hash field lists, which may be JSON arrays.
 * <pre>
 * {
 *   "BUFFER_POOL": {"ingress_lossless_pool": {"size": "44130304", "xoff": "8790016", "type": "ingress", "mode": "dynamic"}},
 *   "BUFFER_PROFILE": {"pg_lossless_100000_300m_profile": {"pool": "ingress_lossless_pool", "xon": "19456",
 *                      "xoff": "225280", "size": "244736", "dynamic_th": "0"}},
 *   "BUFFER_PG": {"Ethernet0,Ethernet4|3-4": {"profile": "pg_lossless_100000_300m_profile"}},
 *   "PORT_QOS_MAP": {"Ethernet0": {"dscp_to_tc_map": "AZURE", "tc_to_pg_map": "AZURE", "pfc_enable": "3,4", "pfcwd_sw_enable": "3,4"}},
 *   "WRED_PROFILE": {"AZURE_LOSSLESS": {"ecn": "ecn_all", "green_min_threshold": "1048576", "green_max_threshold": "2097152"}}
 * }</pre>
 * -> pool xoff 8790016; BUFFER_PG for Ethernet0 and Ethernet4, PGs [3, 4]; Ethernet0 pfcEnable [3, 4], trusts DSCP.
 * Empty text is a ParseException at line 0; invalid JSON at the line Jackson reports; a value that
 * should be a number and is not, at line 0 naming the table and key.
 */
public final class SonicConfigParser implements Parser<SonicConfig> {
    private static final Pattern REFERENCE = Pattern.compile("\\[?(?:[A-Z_]+[|:])?([^\\]]*)]?");

    @Override
    public SonicConfig parse(String text) throws ParseException {
        JsonNode root = JsonText.read(text, "config_db.json");
        if (!root.isObject()) {
            throw new ParseException(1, "config_db.json is not a JSON object");
        }

        Map<String, SonicBufferPool> pools = new HashMap<>();
        for (Map.Entry<String, Map<String, String>> e :
                table(root, "BUFFER_POOL").entrySet()) {
            pools.put(e.getKey(), SonicBufferPool.of(e.getKey(), SonicFields.entry(e.getKey(), e.getValue())));
        }
        Map<String, SonicBufferProfile> profiles = new HashMap<>();
        for (Map.Entry<String, Map<String, String>> e :
                table(root, "BUFFER_PROFILE").entrySet()) {
            profiles.put(e.getKey(), SonicBufferProfile.of(e.getKey(), SonicFields.entry(e.getKey(), e.getValue())));
        }
        Map<String, SonicWredProfile> wred = new HashMap<>();
        for (Map.Entry<String, Map<String, String>> e :
                table(root, "WRED_PROFILE").entrySet()) {
            wred.put(e.getKey(), SonicWredProfile.of(e.getKey(), SonicFields.entry(e.getKey(), e.getValue())));
        }
        List<SonicConfig.BufferAssignment> pgs = assignments(root, "BUFFER_PG");
        List<SonicConfig.BufferAssignment> bufferQueues = assignments(root, "BUFFER_QUEUE");

        List<SonicConfig.QueueConfig> queues = new ArrayList<>();
        for (Map.Entry<String, Map<String, String>> e : table(root, "QUEUE").entrySet()) {
            PortKey key = PortKey.of("QUEUE", e.getKey());
            for (String port : key.ports()) {
                queues.add(new SonicConfig.QueueConfig(
                        port,
                        key.indices(),
                        reference(e.getValue().get("wred_profile")),
                        reference(e.getValue().get("scheduler"))));
            }
        }
        Map<String, SonicConfig.Scheduler> schedulers = new HashMap<>();
        for (Map.Entry<String, Map<String, String>> e : table(root, "SCHEDULER").entrySet()) {
            schedulers.put(
                    e.getKey(),
                    new SonicConfig.Scheduler(
                            e.getValue().get("type"),
                            SwitchValues.integer(
                                    e.getValue().get("weight"), 0, "SCHEDULER|" + e.getKey() + " weight")));
        }
        Map<String, SonicConfig.PortQos> portQos = new HashMap<>();
        for (Map.Entry<String, Map<String, String>> e :
                table(root, "PORT_QOS_MAP").entrySet()) {
            Map<String, String> f = e.getValue();
            String where = "PORT_QOS_MAP|" + e.getKey();
            SonicConfig.PortQos qos = new SonicConfig.PortQos(
                    SwitchValues.integers(f.get("pfc_enable"), 0, where + " pfc_enable"),
                    SwitchValues.integers(f.get("pfcwd_sw_enable"), 0, where + " pfcwd_sw_enable"),
                    reference(f.get("dscp_to_tc_map")),
                    reference(f.get("dot1p_to_tc_map")),
                    reference(f.get("tc_to_pg_map")),
                    reference(f.get("tc_to_queue_map")),
                    reference(f.get("pfc_to_queue_map")));
            for (String port : e.getKey().split(",")) {
                portQos.put(port.strip(), qos);
            }
        }
        Map<String, SonicConfig.PfcWatchdog> watchdog = new HashMap<>();
        Integer poll = null;
        for (Map.Entry<String, Map<String, String>> e : table(root, "PFC_WD").entrySet()) {
            Map<String, String> f = e.getValue();
            String where = "PFC_WD|" + e.getKey();
            if (e.getKey().equalsIgnoreCase("GLOBAL")) {
                poll = SwitchValues.integer(f.get("POLL_INTERVAL"), 0, where + " POLL_INTERVAL");
                continue;
            }
            watchdog.put(
                    e.getKey(),
                    new SonicConfig.PfcWatchdog(
                            f.get("action"),
                            SwitchValues.count(f.get("detection_time"), 0, where + " detection_time"),
                            SwitchValues.count(f.get("restoration_time"), 0, where + " restoration_time")));
        }
        Map<String, SonicConfig.Port> ports = new HashMap<>();
        for (Map.Entry<String, Map<String, String>> e : table(root, "PORT").entrySet()) {
            Map<String, String> f = e.getValue();
            String where = "PORT|" + e.getKey();
            ports.put(
                    e.getKey(),
                    new SonicConfig.Port(
                            SwitchValues.count(f.get("speed"), 0, where + " speed"),
                            SwitchValues.integer(f.get("mtu"), 0, where + " mtu"),
                            SwitchValues.integers(f.get("lanes"), 0, where + " lanes"),
                            f.get("admin_status"),
                            f.get("alias")));
        }
        Map<String, String> cables = new HashMap<>();
        table(root, "CABLE_LENGTH").values().forEach(cables::putAll);

        Map<String, String> hash = new HashMap<>();
        table(root, "SWITCH_HASH").values().forEach(hash::putAll);
        return new SonicConfig(
                pools,
                profiles,
                pgs,
                bufferQueues,
                wred,
                queues,
                schedulers,
                portQos,
                maps(root, "DSCP_TO_TC_MAP"),
                maps(root, "DOT1P_TO_TC_MAP"),
                maps(root, "TC_TO_PRIORITY_GROUP_MAP"),
                maps(root, "TC_TO_QUEUE_MAP"),
                maps(root, "MAP_PFC_PRIORITY_TO_QUEUE"),
                watchdog,
                poll,
                ports,
                cables,
                names(hash.get("ecmp_hash")),
                names(hash.get("lag_hash")));
    }

    /** A port-list and index-range key: {@code Ethernet0,Ethernet4|3-4}. */
    private record PortKey(List<String> ports, List<Integer> indices) {
        static PortKey of(String table, String key) throws ParseException {
            int bar = key.lastIndexOf('|');
            if (bar <= 0) {
                throw new ParseException(
                        0, table + " key is not like Ethernet0|3-4: '" + TextLines.abbreviate(key) + "'");
            }
            List<String> ports = new ArrayList<>();
            for (String p : key.substring(0, bar).split(",")) {
                if (!p.isBlank()) {
                    ports.add(p.strip());
                }
            }
            return new PortKey(ports, SwitchValues.integers(key.substring(bar + 1), 0, table + "|" + key));
        }
    }

    private static List<SonicConfig.BufferAssignment> assignments(JsonNode root, String name) throws ParseException {
        List<SonicConfig.BufferAssignment> out = new ArrayList<>();
        for (Map.Entry<String, Map<String, String>> e : table(root, name).entrySet()) {
            PortKey key = PortKey.of(name, e.getKey());
            String profile = reference(e.getValue().get("profile"));
            for (String port : key.ports()) {
                out.add(new SonicConfig.BufferAssignment(port, key.indices(), profile));
            }
        }
        return out;
    }

    /** A table as entry name -> field -> text; arrays become comma lists; an absent table is empty. */
    private static Map<String, Map<String, String>> table(JsonNode root, String name) throws ParseException {
        JsonNode t = root.get(name);
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        if (t == null || t.isNull()) {
            return out;
        }
        if (!t.isObject()) {
            throw new ParseException(0, name + " is not a JSON object");
        }
        for (Map.Entry<String, JsonNode> e : t.properties()) {
            Map<String, String> fields = new LinkedHashMap<>();
            if (e.getValue().isObject()) {
                e.getValue().properties().forEach(f -> fields.put(f.getKey(), text(f.getValue())));
            }
            out.put(e.getKey(), fields);
        }
        return out;
    }

    private static String text(JsonNode v) {
        if (v.isArray()) {
            List<String> parts = new ArrayList<>();
            v.forEach(x -> parts.add(x.asText()));
            return String.join(",", parts);
        }
        return v.isValueNode() ? v.asText() : v.toString();
    }

    private static Map<String, Map<Integer, Integer>> maps(JsonNode root, String name) throws ParseException {
        Map<String, Map<Integer, Integer>> out = new HashMap<>();
        for (Map.Entry<String, Map<String, String>> e : table(root, name).entrySet()) {
            Map<Integer, Integer> map = new HashMap<>();
            for (Map.Entry<String, String> f : e.getValue().entrySet()) {
                String where = name + "|" + e.getKey() + " " + f.getKey();
                Integer from = SwitchValues.integer(f.getKey(), 0, where);
                Integer to = SwitchValues.integer(f.getValue(), 0, where);
                if (from != null && to != null) {
                    map.put(from, to);
                }
            }
            out.put(e.getKey(), OrderedCopy.map(map));
        }
        return out;
    }

    /** A reference as a bare name: {@code [BUFFER_PROFILE|x]} and {@code [DSCP_TO_TC_MAP:AZURE]} are older spellings; {@code NULL} is none. */
    private static String reference(String value) {
        if (SwitchValues.absent(value)) {
            return null;
        }
        Matcher m = REFERENCE.matcher(value.strip());
        return m.matches() ? m.group(1) : value.strip();
    }

    private static List<String> names(String list) {
        List<String> out = new ArrayList<>();
        if (list != null) {
            for (String s : list.split(",")) {
                if (!s.isBlank()) {
                    out.add(s.strip());
                }
            }
        }
        return out;
    }
}
