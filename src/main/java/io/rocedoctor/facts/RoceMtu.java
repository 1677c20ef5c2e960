package io.rocedoctor.facts;

import java.util.List;

/**
 * A RoCE port's MTU against its netdev's: {@code active_mtu} and {@code max_mtu} of
 * {@code ibv_devinfo}, the netdev MTU, and the largest RoCE MTU that MTU carries.
 */
public record RoceMtu(
        String ibdev, int port, String netdev, int netdevMtu, int activeMtu, Integer maxMtu, int fittingMtu) {

    /**
     * Bytes of a RoCEv2 frame's payload that are not RDMA payload, as the kernel reserves them
     * ({@code iboe_get_mtu}: GRH/IP 40 + UDP 8 + BTH 12 + XRC 4 + AtomicETH 28 + ICRC 4).
     */
    public static final int HEADER_BYTES = 96;

    private static final List<Integer> ROCE_MTUS = List.of(4096, 2048, 1024, 512, 256);

    /** The largest RoCE MTU a netdev MTU carries (capped by the port's max_mtu when known); 0 when none fits. */
    public static int fitting(int netdevMtu, Integer maxMtu) {
        for (int m : ROCE_MTUS) {
            if (m <= netdevMtu - HEADER_BYTES && (maxMtu == null || m <= maxMtu)) {
                return m;
            }
        }
        return 0;
    }

    public String id() {
        return ibdev + "/" + port;
    }
}
