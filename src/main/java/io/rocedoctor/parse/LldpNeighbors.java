package io.rocedoctor.parse;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The LLDP neighbours lldpd heard, one per local port and remote chassis.
 *
 * @param neighbors in printed order; empty when lldpd heard none
 */
public record LldpNeighbors(List<Neighbor> neighbors) {
    public LldpNeighbors {
        neighbors = List.copyOf(neighbors);
    }

    /**
     * One neighbour.
     *
     * @param localPort the host's interface the neighbour was heard on
     * @param chassisName the remote SysName; null when not advertised
     * @param portId the remote PortID without its kind ({@code ifname Ethernet8} gives {@code Ethernet8})
     * @param portDescription the remote PortDescr; null when not advertised
     */
    public record Neighbor(String localPort, String chassisName, String portId, String portDescription) {
        private static final Pattern MAC = Pattern.compile("\\p{XDigit}{2}(:\\p{XDigit}{2}){5}");

        /** The remote port's name: the PortID, or the PortDescr when the PortID is a MAC address. */
        public String portName() {
            if (portDescription != null && MAC.matcher(portId).matches()) {
                return portDescription;
            }
            return portId;
        }
    }
}
