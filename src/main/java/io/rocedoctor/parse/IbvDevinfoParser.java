package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code ibv_devinfo -v} and plain {@code ibv_devinfo}: "hca_id:" opens a device, "port:"
 * a port; every other "key: value" belongs to the innermost open block. Indentation is not
 * trusted (mail clients turn tabs into spaces), nor are the flag-name continuation lines.
 * <pre>
 * hca_id:	mlx5_0
 * 	transport:			InfiniBand (0)
 * 	fw_ver:				22.36.1010
 * 	vendor_part_id:			4125
 * 	phys_port_cnt:			1
 * 		port:	1
 * 			state:			PORT_ACTIVE (4)
 * 			max_mtu:		4096 (5)
 * 			active_mtu:		4096 (5)
 * 			link_layer:		Ethernet
 * 			active_width:		4X (2)
 * 			active_speed:		25.0 Gbps (32)
 * 			GID[  3]:		::ffff:192.168.7.21, RoCE v2
 * </pre>
 * -> mlx5_0 (fw 22.36.1010, part 4125), port 1 PORT_ACTIVE, MTU 4096/4096, Ethernet,
 * GID 3 = ::ffff:192.168.7.21 (RoCE v2). A head-only excerpt gives a device without ports.
 * "No IB devices found" is an empty list; empty text is a {@link ParseException}. A line that
 * cannot be read is a note and the rest stands: a line before any {@code hca_id:}, a number out of
 * range (that attribute stays unknown), a {@code port:} without a number (its block is skipped up
 * to the next {@code port:} or {@code hca_id:}, so its lines are not taken for another port's).
 */
public final class IbvDevinfoParser extends LineParser<IbvDevices> {
    private static final Pattern GID_KEY = Pattern.compile("GID\\[\\s*(\\d+)\\s*]");
    private static final Pattern LEADING_NUMBER = Pattern.compile("^(\\d+)");
    private static final Pattern TRAILING_CODE = Pattern.compile("\\s*\\(\\d+\\)$");

    @Override
    protected IbvDevices parse(TextLines lines) throws ParseException {
        if (lines.isBlank()) {
            throw new ParseException(0, "ibv_devinfo: empty output");
        }
        List<IbvDevices.IbvDevice> devices = new ArrayList<>();
        DeviceBlock device = null;
        PortBlock port = null;
        // After a "port:" line without a number, up to the next block: those lines are no other port's.
        boolean inUnreadPort = false;
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.line(n).trim();
            if (line.isEmpty()) {
                continue;
            }
            if (device == null && line.equalsIgnoreCase("No IB devices found")) {
                continue;
            }
            var kv = TextLines.keyValue(line, ':');
            if (kv.isEmpty()) {
                if (device == null) {
                    lines.unreadable(n, "expected 'hca_id:', found '" + TextLines.abbreviate(line) + "'");
                }
                continue; // a capability flag listed under device_cap_flags and the like
            }
            String key = kv.get()[0];
            String value = kv.get()[1];
            try {
                if (key.equals("hca_id")) {
                    if (device != null) {
                        devices.add(device.build(port));
                    }
                    device = new DeviceBlock(value);
                    port = null;
                    inUnreadPort = false;
                } else if (device == null) {
                    lines.unreadable(n, "'" + TextLines.abbreviate(key) + "' before any 'hca_id:'");
                } else if (key.equals("port")) {
                    if (port != null) {
                        device.ports.add(port.build());
                        port = null;
                    }
                    inUnreadPort = true; // until its number is read
                    port = new PortBlock((int) number(value, n, "port"));
                    inUnreadPort = false;
                } else if (inUnreadPort) {
                    lines.unreadable(n, "'" + TextLines.abbreviate(key) + "' of a port whose number could not be read");
                } else if (port != null) {
                    Matcher gid = GID_KEY.matcher(key);
                    if (gid.matches()) {
                        port.gids.add(gid(gid.group(1), value, n));
                    } else {
                        port.put(key, value, n);
                    }
                } else {
                    device.put(key, value, n);
                }
            } catch (ParseException e) {
                lines.unreadable(e);
            }
        }
        if (device != null) {
            devices.add(device.build(port));
        }
        return new IbvDevices(devices);
    }

    private static IbvDevices.IbvGid gid(String index, String value, int n) throws ParseException {
        int comma = value.indexOf(',');
        String address = (comma < 0 ? value : value.substring(0, comma)).trim();
        String type = comma < 0 ? null : value.substring(comma + 1).trim();
        return new IbvDevices.IbvGid((int) number(index, n, "GID index"), address, type);
    }

    /** The leading whole number of "4096 (5)", "1", bounded to an int. */
    private static long number(String value, int n, String what) throws ParseException {
        Matcher m = LEADING_NUMBER.matcher(value);
        if (!m.find()) {
            throw new ParseException(n, what + " is not a number: '" + TextLines.abbreviate(value) + "'");
        }
        long v = TextLines.parseLong(m.group(1), n, what);
        if (v > Integer.MAX_VALUE) {
            throw new ParseException(n, what + " " + v + " is out of range");
        }
        return v;
    }

    private static String withoutCode(String value) {
        return value == null ? null : TRAILING_CODE.matcher(value).replaceFirst("");
    }

    private static final class DeviceBlock {
        final String hcaId;
        final Map<String, String> attributes = new LinkedHashMap<>();
        final List<IbvDevices.IbvPort> ports = new ArrayList<>();
        Integer vendorPartId;
        Integer physicalPortCount;

        DeviceBlock(String hcaId) {
            this.hcaId = hcaId;
        }

        /** The first value of a key counts; one that cannot be read is not recorded, as if not printed. */
        void put(String key, String value, int n) throws ParseException {
            if (attributes.containsKey(key)) {
                return;
            }
            if (key.equals("vendor_part_id")) {
                vendorPartId = (int) number(value, n, key);
            } else if (key.equals("phys_port_cnt")) {
                physicalPortCount = (int) number(value, n, key);
            }
            attributes.put(key, value);
        }

        IbvDevices.IbvDevice build(PortBlock openPort) {
            if (openPort != null) {
                ports.add(openPort.build());
            }
            return new IbvDevices.IbvDevice(
                    hcaId,
                    attributes.get("transport"),
                    attributes.get("fw_ver"),
                    attributes.get("node_guid"),
                    attributes.get("sys_image_guid"),
                    attributes.get("vendor_id"),
                    vendorPartId,
                    attributes.get("hw_ver"),
                    attributes.get("board_id"),
                    physicalPortCount,
                    attributes,
                    ports);
        }
    }

    private static final class PortBlock {
        final int port;
        final Map<String, String> attributes = new LinkedHashMap<>();
        final List<IbvDevices.IbvGid> gids = new ArrayList<>();
        Integer maxMtu;
        Integer activeMtu;

        PortBlock(int port) {
            this.port = port;
        }

        /** As {@link DeviceBlock#put}. */
        void put(String key, String value, int n) throws ParseException {
            if (attributes.containsKey(key)) {
                return;
            }
            if (key.equals("max_mtu")) {
                maxMtu = (int) number(value, n, key);
            } else if (key.equals("active_mtu")) {
                activeMtu = (int) number(value, n, key);
            }
            attributes.put(key, value);
        }

        IbvDevices.IbvPort build() {
            return new IbvDevices.IbvPort(
                    port,
                    withoutCode(attributes.get("state")),
                    withoutCode(attributes.get("phys_state")),
                    maxMtu,
                    activeMtu,
                    attributes.get("link_layer"),
                    withoutCode(attributes.get("active_width")),
                    withoutCode(attributes.get("active_speed")),
                    attributes,
                    gids);
        }
    }
}
