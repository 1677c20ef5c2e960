package io.rocedoctor.parse;

/**
 * One function of {@code lspci -vvv}: its address (always with the domain: {@code 0000:3b:00.0}),
 * class and name, kernel driver, NUMA node, PCIe link capability and status, device control
 * payload sizes, and for bridges the bus range behind them (which builds the path to the root port).
 */
public record PciDevice(
        String address,
        String className,
        String name,
        String driver,
        Integer numaNode,
        PcieLinkState linkCap,
        PcieLinkState linkSta,
        Integer maxPayload,
        Integer maxReadReq,
        Integer capMaxPayload,
        Integer secondaryBus,
        Integer subordinateBus,
        int line) {

    /** Speed in GT/s and width in lanes, as a {@code LnkCap}/{@code LnkSta} line states them. */
    public record PcieLinkState(double gts, int width) {
        /** The PCIe generation for a transfer rate. */
        public int generation() {
            if (gts >= 64) {
                return 6;
            }
            if (gts >= 32) {
                return 5;
            }
            if (gts >= 16) {
                return 4;
            }
            if (gts >= 8) {
                return 3;
            }
            return gts >= 5 ? 2 : 1;
        }
    }

    /** The bus number of this function ({@code 3b} of {@code 0000:3b:00.0}). */
    public int bus() {
        return Integer.parseInt(address.substring(5, 7), 16);
    }

    /** The domain:bus:device part shared by all functions of one physical card. */
    public String slot() {
        return address.substring(0, address.lastIndexOf('.'));
    }
}
