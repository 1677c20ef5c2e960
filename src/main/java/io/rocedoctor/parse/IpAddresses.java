package io.rocedoctor.parse;

import java.util.List;

/** The addresses of one {@code ip addr} output, in printed order. */
public record IpAddresses(List<IpAddresses.Entry> addresses) {
    public IpAddresses {
        addresses = List.copyOf(addresses);
    }

    /**
     * One address of a netdev.
     *
     * @param device the netdev (without the {@code @PARENT} of the multi-line header)
     * @param family {@code inet} or {@code inet6}
     * @param local  the address and its prefix length
     * @param peer   the peer of a point-to-point address, or null
     * @param scope  {@code global}, {@code link}, {@code host} or a number
     * @param flags  the words after the scope ({@code secondary}, {@code noprefixroute}, {@code dynamic}...) and the label
     */
    public record Entry(String device, String family, InetPrefix local, String peer, String scope, List<String> flags) {
        public Entry {
            flags = List.copyOf(flags);
        }

        public boolean ipv4() {
            return family.equals("inet");
        }
    }
}
