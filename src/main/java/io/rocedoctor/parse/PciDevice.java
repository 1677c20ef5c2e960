package io.rocedoctor.parse;

import java.util.List;

/**
 * One function of {@code lspci -vvv}: its address (always with the domain: {@code 0000:3b:00.0}),
 * class and name, kernel driver, NUMA node, PCIe link capability and status, device control
 * payload sizes, and for bridges the bus range behind them (which builds the path to the root port).
 * {@code classCode} and {@code vendorId} ({@code 0302}, {@code 10de}) are known with {@code -nn} only;
 * {@code acsControl} holds the ACS controls a port has on ({@code ReqRedir}, {@code CmpltRedir}...),
 * null when lspci printed no {@code ACSCtl} (no ACS capability, or read without root).
 */
public record PciDevice(
        String address,
        String className,
        String classCode,
        String vendorId,
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
        List<String> acsControl,
        int line) {

    /** NVIDIA's PCI vendor id. */
    private static final String NVIDIA = "10de";

    public PciDevice {
        acsControl = acsControl == null ? null : List.copyOf(acsControl);
    }

    /**
     * An NVIDIA GPU: a display controller (class 0300 VGA, 0302 3D; {@code lspci -vvv} names them
     * "VGA compatible controller" and "3D controller") of vendor 10de, or named NVIDIA without {@code -nn}.
     */
    public boolean nvidiaGpu() {
        boolean display = classCode != null
                ? classCode.equals("0300") || classCode.equals("0302")
                : className.equals("VGA compatible controller") || className.equals("3D controller");
        boolean nvidia = vendorId != null ? vendorId.equals(NVIDIA) : name.startsWith("NVIDIA");
        return display && nvidia;
    }

    /** Whether ACS redirects peer-to-peer requests or completions on this port (ReqRedir+ or CmpltRedir+). */
    public boolean acsRedirectsPeerToPeer() {
        return acsControl != null && (acsControl.contains("ReqRedir") || acsControl.contains("CmpltRedir"));
    }

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
