package io.rocedoctor.parse.sw;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import io.rocedoctor.parse.JsonText;
import io.rocedoctor.parse.OrderedCopy;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.Parser;
import io.rocedoctor.parse.TextLines;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
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

    /** The tables read; config_db holds many more (DEVICE_METADATA, VLAN, ACL...), passed over unbuilt. */
    private static final Set<String> TABLES = Set.of(
            "BUFFER_POOL",
            "BUFFER_PROFILE",
            "WRED_PROFILE",
            "BUFFER_PG",
            "BUFFER_QUEUE",
            "QUEUE",
            "SCHEDULER",
            "PORT_QOS_MAP",
            "PFC_WD",
            "PORT",
            "CABLE_LENGTH",
            "SWITCH_HASH",
            "DSCP_TO_TC_MAP",
            "DOT1P_TO_TC_MAP",
            "TC_TO_PRIORITY_GROUP_MAP",
            "TC_TO_QUEUE_MAP",
            "MAP_PFC_PRIORITY_TO_QUEUE");

    @Override
    public SonicConfig parse(String text) throws ParseException {
        Tables root = JsonText.stream(text, "config_db.json", Tables::read);

        Map<String, SonicBufferPool> pools = new HashMap<>();
        for (Map.Entry<String, Map<String, String>> e :
                root.table("BUFFER_POOL").entrySet()) {
            pools.put(e.getKey(), SonicBufferPool.of(e.getKey(), SonicFields.entry(e.getKey(), e.getValue())));
        }
        Map<String, SonicBufferProfile> profiles = new HashMap<>();
        for (Map.Entry<String, Map<String, String>> e :
                root.table("BUFFER_PROFILE").entrySet()) {
            profiles.put(e.getKey(), SonicBufferProfile.of(e.getKey(), SonicFields.entry(e.getKey(), e.getValue())));
        }
        Map<String, SonicWredProfile> wred = new HashMap<>();
        for (Map.Entry<String, Map<String, String>> e :
                root.table("WRED_PROFILE").entrySet()) {
            wred.put(e.getKey(), SonicWredProfile.of(e.getKey(), SonicFields.entry(e.getKey(), e.getValue())));
        }
        List<SonicConfig.BufferAssignment> pgs = assignments(root, "BUFFER_PG");
        List<SonicConfig.BufferAssignment> bufferQueues = assignments(root, "BUFFER_QUEUE");

        List<SonicConfig.QueueConfig> queues = new ArrayList<>();
        for (Map.Entry<String, Map<String, String>> e : root.table("QUEUE").entrySet()) {
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
        for (Map.Entry<String, Map<String, String>> e : root.table("SCHEDULER").entrySet()) {
            schedulers.put(
                    e.getKey(),
                    new SonicConfig.Scheduler(
                            e.getValue().get("type"),
                            SwitchValues.integer(
                                    e.getValue().get("weight"), 0, "SCHEDULER|" + e.getKey() + " weight")));
        }
        Map<String, SonicConfig.PortQos> portQos = new HashMap<>();
        for (Map.Entry<String, Map<String, String>> e :
                root.table("PORT_QOS_MAP").entrySet()) {
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
        for (Map.Entry<String, Map<String, String>> e : root.table("PFC_WD").entrySet()) {
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
        for (Map.Entry<String, Map<String, String>> e : root.table("PORT").entrySet()) {
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
        root.table("CABLE_LENGTH").values().forEach(cables::putAll);

        Map<String, String> hash = new HashMap<>();
        root.table("SWITCH_HASH").values().forEach(hash::putAll);
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

    private static List<SonicConfig.BufferAssignment> assignments(Tables root, String name) throws ParseException {
        List<SonicConfig.BufferAssignment> out = new ArrayList<>();
        for (Map.Entry<String, Map<String, String>> e : root.table(name).entrySet()) {
            PortKey key = PortKey.of(name, e.getKey());
            String profile = reference(e.getValue().get("profile"));
            for (String port : key.ports()) {
                out.add(new SonicConfig.BufferAssignment(port, key.indices(), profile));
            }
        }
        return out;
    }

    /**
     * The tables read, each as entry name -> field -> text (arrays become comma lists), from the
     * tokens: the tree of the whole file was most of this parse. A later duplicate of a name
     * replaces the earlier, as in a tree.
     */
    private static final class Tables {
        private final Map<String, Map<String, Map<String, String>>> tables = new HashMap<>();
        /** Tables whose value is neither an object nor null: an error once the table is asked for. */
        private final Set<String> notObjects = new HashSet<>();

        static Tables read(JsonParser tokens) throws IOException, ParseException {
            Tables out = new Tables();
            if (tokens.nextToken() != JsonToken.START_OBJECT) {
                // the whole value read first, so that invalid JSON is named as such, at its line
                tokens.readValueAsTree();
                throw new ParseException(1, "config_db.json is not a JSON object");
            }
            while (tokens.nextToken() == JsonToken.FIELD_NAME) {
                String name = tokens.currentName();
                JsonToken value = tokens.nextToken();
                if (!TABLES.contains(name)) {
                    tokens.skipChildren();
                } else if (value == JsonToken.START_OBJECT) {
                    out.tables.put(name, entries(tokens));
                    out.notObjects.remove(name);
                } else {
                    tokens.skipChildren();
                    out.tables.remove(name);
                    if (value == JsonToken.VALUE_NULL) {
                        out.notObjects.remove(name);
                    } else {
                        out.notObjects.add(name);
                    }
                }
            }
            return out;
        }

        /** An absent or null table is empty. */
        Map<String, Map<String, String>> table(String name) throws ParseException {
            if (notObjects.contains(name)) {
                throw new ParseException(0, name + " is not a JSON object");
            }
            return tables.getOrDefault(name, Map.of());
        }

        /** A table's entries, the parser at its START_OBJECT; an entry that is not an object has no fields. */
        private static Map<String, Map<String, String>> entries(JsonParser tokens) throws IOException {
            Map<String, Map<String, String>> out = new LinkedHashMap<>();
            while (tokens.nextToken() == JsonToken.FIELD_NAME) {
                String entry = tokens.currentName();
                Map<String, String> fields = new LinkedHashMap<>();
                if (tokens.nextToken() == JsonToken.START_OBJECT) {
                    while (tokens.nextToken() == JsonToken.FIELD_NAME) {
                        String field = tokens.currentName();
                        tokens.nextToken();
                        fields.put(field, text(tokens));
                    }
                } else {
                    tokens.skipChildren();
                }
                out.put(entry, fields);
            }
            return out;
        }

        /** A field's value as text: a string as it is, anything else (rare) as its tree node says. */
        private static String text(JsonParser tokens) throws IOException {
            if (tokens.currentToken() == JsonToken.VALUE_STRING) {
                return tokens.getText();
            }
            JsonNode v = tokens.readValueAsTree();
            if (v.isArray()) {
                List<String> parts = new ArrayList<>();
                for (JsonNode x : v) {
                    parts.add(x.asText());
                }
                return String.join(",", parts);
            }
            return v.isValueNode() ? v.asText() : v.toString();
        }
    }

    private static Map<String, Map<Integer, Integer>> maps(Tables root, String name) throws ParseException {
        Map<String, Map<Integer, Integer>> out = new HashMap<>();
        for (Map.Entry<String, Map<String, String>> e : root.table(name).entrySet()) {
            Map<Integer, Integer> map = new HashMap<>();
            for (Map.Entry<String, String> f : e.getValue().entrySet()) {
                // a DSCP map has 64 entries: the place is spelled only for an error
                Supplier<String> where = () -> name + "|" + e.getKey() + " " + f.getKey();
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
