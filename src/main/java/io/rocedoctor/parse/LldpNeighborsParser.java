package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.List;

/**
 * Parses lldpd's plain {@code lldpcli show neighbors} (also {@code lldpctl} and
 * {@code lldpcli show neighbors details}, whose extra lines are skipped):
 * <pre>
 * -------------------------------------------------------------------------------
 * LLDP neighbors:
 * -------------------------------------------------------------------------------
 * Interface:    ens1f0np0, via: LLDP, RID: 1, Time: 0 day, 02:13:45
 *   Chassis:
 *     ChassisID:    mac 0c:42:a1:7e:10:00
 *     SysName:      leaf1
 *     SysDescr:     SONiC Software Version: SONiC.202305
 *     MgmtIP:       10.0.0.11
 *     Capability:   Bridge, on
 *   Port:
 *     PortID:       ifname Ethernet8
 *     PortDescr:    Ethernet8
 *     TTL:          120
 * -------------------------------------------------------------------------------
 * </pre>
 * -> one neighbour: ens1f0np0 hears leaf1, port Ethernet8. The PortID loses its kind
 * ({@code ifname}, {@code local}, {@code mac}...); when it is a MAC address the port's name is
 * the PortDescr ({@link LldpNeighbors.Neighbor#portName()}). Empty text, or the header with no
 * interface, is no neighbour. A line at the margin that is neither a rule, the header nor an
 * {@code Interface:} line, an indented line before any interface, or an interface without a PortID
 * is a {@link ParseException}.
 */
public final class LldpNeighborsParser extends LineParser<LldpNeighbors> {

    @Override
    protected LldpNeighbors parse(TextLines lines) throws ParseException {
        List<LldpNeighbors.Neighbor> out = new ArrayList<>();
        Block block = null;
        boolean skippingBlock = false;
        for (int n = 1; n <= lines.size(); n++) {
            String raw = lines.line(n);
            String line = raw.trim();
            if (line.isEmpty() || line.matches("-{3,}")) {
                continue;
            }
            boolean indented = Character.isWhitespace(raw.charAt(0));
            if (!indented && line.equals("LLDP neighbors:")) {
                block = close(block, out);
                continue;
            }
            if (!indented && line.startsWith("Interface:")) {
                block = close(block, out);
                String rest = line.substring("Interface:".length()).trim();
                int comma = rest.indexOf(',');
                String port = (comma < 0 ? rest : rest.substring(0, comma)).trim();
                if (port.isEmpty() || port.contains(" ")) {
                    // the block's lines go with it, noted once here
                    lines.unreadable(
                            n, "Interface: line without an interface name: '" + TextLines.abbreviate(line) + "'");
                    skippingBlock = true;
                    continue;
                }
                block = new Block(port, n);
                skippingBlock = false;
                continue;
            }
            if (!indented || block == null) {
                if (!(indented && skippingBlock)) {
                    lines.unreadable(
                            n, "expected an lldpd neighbour block, found '" + TextLines.abbreviate(line) + "'");
                }
                continue;
            }
            int colon = line.indexOf(':');
            if (colon <= 0) {
                continue; // continuation of a multi-line value (SysDescr)
            }
            String key = line.substring(0, colon).trim();
            String value = line.substring(colon + 1).trim();
            switch (key) {
                case "SysName" -> block.chassisName = value.isEmpty() ? null : value;
                case "PortDescr" -> block.portDescription = value.isEmpty() ? null : value;
                case "PortID" -> {
                    String[] kindValue = value.split("\\s+", 2);
                    String id = kindValue.length == 2 ? kindValue[1].trim() : kindValue[0];
                    if (id.isEmpty()) {
                        throw new ParseException(n, "PortID without a value");
                    }
                    block.portId = id;
                }
                default -> {
                    // Chassis:, Port:, SysDescr, MgmtIP, Capability, TTL, VLAN, PMD autoneg...: not needed
                }
            }
        }
        close(block, out);
        return new LldpNeighbors(out);
    }

    private static Block close(Block block, List<LldpNeighbors.Neighbor> out) throws ParseException {
        if (block != null) {
            if (block.portId == null) {
                throw new ParseException(block.line, "neighbour on " + block.localPort + " has no PortID");
            }
            out.add(new LldpNeighbors.Neighbor(
                    block.localPort, block.chassisName, block.portId, block.portDescription));
        }
        return null;
    }

    private static final class Block {
        final String localPort;
        final int line;
        String chassisName;
        String portId;
        String portDescription;

        Block(String localPort, int line) {
            this.localPort = localPort;
            this.line = line;
        }
    }
}
