package io.rocedoctor.synth;

import io.rocedoctor.synth.SwitchModel.SwitchPortModel;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What an NVIDIA Cumulus Linux 5.x leaf prints for the switch model through NVUE, in the forms the
 * {@code Nvue*Parser}s read (docs/bundle-format.md): the global {@code nv show qos roce}, its pools,
 * {@code nv show qos egress-queue-mapping default-global} and {@code nv show system forwarding}, and
 * per port the views that win over the global ones ({@code nv show interface IF link}, {@code qos
 * mapping}, {@code qos pfc}, {@code qos pfc-watchdog}, {@code qos congestion-control}, {@code qos buffer
 * ingress-priority-group}). Each begins with the prompt line the collector records; sizes are
 * printed as NVUE prints them, in KB and MB of 1024.
 */
final class NvueTexts {
    private final SwitchModel sw;

    NvueTexts(SwitchModel sw) {
        this.sw = sw;
    }

    /** Each command the dump holds, in the order a collector runs them, with what it prints. */
    Map<String, String> commands() {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("nv show qos roce", roce());
        out.put("nv show qos roce pool", rocePools());
        out.put("nv show qos egress-queue-mapping default-global", egressQueueMapping());
        out.put("nv show system forwarding", forwarding());
        for (SwitchPortModel p : sw.ports) {
            String view = "nv show interface " + p.name;
            out.put(view + " link", link(p));
            out.put(view + " qos mapping", mapping(p));
            out.put(view + " qos pfc", pfc(p));
            out.put(view + " qos pfc-watchdog", watchdog(p));
            out.put(view + " qos congestion-control", congestionControl(p));
            out.put(view + " qos buffer ingress-priority-group", ingressPriorityGroups(p));
        }
        return out;
    }

    private String prompt(String command) {
        return "cumulus@" + sw.name + ":mgmt:~$ " + command + "\n";
    }

    /** The switch-wide RoCE view, lossless on priority 3 as the fleet is: every port here has views of its own over it. */
    private String roce() {
        return prompt("nv show qos roce") + """
                                    operational     applied
                ------------------  --------------  --------------
                enable              on              on
                mode                lossless        lossless
                pfc
                  pfc-priority      3
                  rx-enabled        enabled
                  tx-enabled        enabled
                  cable-length      5
                congestion-control
                  congestion-mode   ECN
                  enabled-tc        3
                  min-threshold     146.48 KB
                  max-threshold     1.50 MB
                  probability       5
                trust
                  trust-mode        dscp
                RoCE PCP/DSCP->SP mapping configurations
                ===========================================
                       pcp  dscp         switch-prio
                    -  ---  -----------  -----------
                    3  3    26           3
                    6  6    48           6
                RoCE SP->TC mapping and ETS configurations
                =============================================
                       switch-prio  traffic-class  scheduler-weight
                    -  -----------  -------------  ----------------
                    3  3            3              DWRR-50%
                    6  6            6              strict-priority
                RoCE pool config
                ===================
                       name                   mode     size  switch-priorities  traffic-class
                    -  ---------------------  -------  ----  -----------------  -------------
                    0  lossy-default-ingress  Dynamic  50%   0,1,2,4,5,6,7      -
                    1  roce-reserved-ingress  Dynamic  50%   3                  -
                    2  lossy-default-egress   Dynamic  50%   -                  0,6
                    3  roce-reserved-egress   Dynamic  inf   -                  3
                Exception List
                =================
                No Data
                """;
    }

    private String rocePools() {
        String lossless = size(sw.losslessPoolBytes);
        String lossy = size(sw.lossyPoolBytes);
        return prompt("nv show qos roce pool")
                + "   name                   mode     pool-id  size      current-usage  max-usage\n"
                + "-  ---------------------  -------  -------  --------  -------------  ---------\n"
                + String.format(
                        Locale.ROOT,
                        "0  lossy-default-ingress  DYNAMIC  2        %-8s  0 Bytes        0 Bytes  \n",
                        lossy)
                + String.format(
                        Locale.ROOT,
                        "1  roce-reserved-ingress  DYNAMIC  3        %-8s  0 Bytes        0 Bytes  \n",
                        lossless)
                + String.format(
                        Locale.ROOT,
                        "2  lossy-default-egress   DYNAMIC  13       %-8s  0 Bytes        0 Bytes  \n",
                        lossy)
                + "3  roce-reserved-egress   DYNAMIC  14       inf       0 Bytes        0 Bytes  \n";
    }

    private String egressQueueMapping() {
        return prompt("nv show qos egress-queue-mapping default-global") + """
                    operational  applied  description
                --  -----------  -------  -----------

                SP->TC mapping configuration
                ===============================
                    switch-priority  traffic-class
                    ---------------  -------------
                    0                0
                    3                3
                    6                6
                """;
    }

    private String forwarding() {
        String l4 = sw.hashesL4 ? "on " : "off";
        return prompt("nv show system forwarding")
                + "                          applied\n------------------------  -------\necmp-hash                        \n"
                + "  destination-ip          on     \n  destination-port        " + l4 + "    \n"
                + "  ip-protocol             on     \n  source-ip               on     \n"
                + "  source-port             " + l4 + "    \nlag-hash                         \n"
                + "  destination-ip          on     \n  destination-port        " + l4 + "    \n"
                + "  ip-protocol             on     \n  source-ip               on     \n"
                + "  source-port             " + l4 + "    \n";
    }

    private String link(SwitchPortModel p) {
        String speed = p.hostPort.speedMbps / 1000 + "G";
        return prompt("nv show interface " + p.name + " link")
                + "                       operational        applied\n"
                + "---------------------  -----------------  -------\n"
                + "auto-negotiate         off                off    \n"
                + "duplex                 full               full   \n"
                + String.format(Locale.ROOT, "speed                  %-17s  %-7s\n", speed, speed)
                + "fec                    rs                 auto   \n"
                + String.format(Locale.ROOT, "mtu                    %-17d  %-7d\n", p.mtu, p.mtu)
                + "state                  up                 up     \n";
    }

    /** The port's trust and its DSCP->SP map: the lossless DSCP on the lossless priority, CNPs (48) on 6. */
    private String mapping(SwitchPortModel p) {
        return prompt("nv show interface " + p.name + " qos mapping")
                + "                 operational  applied\n---------------  -----------  -------\nport-default-sp  0\n"
                + "trust            " + (p.trust.equals("pcp") ? "l2" : "l3") + "\n\n"
                + "PCP->SP mapping configuration\n================================\n\n"
                + "DSCP->SP mapping configuration\n=================================\n"
                + "    dscp         switch-priority\n    -----------  ---------------\n"
                + String.format(Locale.ROOT, "    %-11d  %d\n", p.losslessDscp, p.losslessPriority)
                + "    48           6\n";
    }

    private String pfc(SwitchPortModel p) {
        return prompt("nv show interface " + p.name + " qos pfc")
                + "                   operational  applied  description\n"
                + "-----------------  -----------  -------  --------------------------------\n"
                + "cable-length       5            5        Cable Length (in meters)\n"
                + "port-buffer        262144 B     262144 B  Port Buffer (in bytes)\n"
                + "rx                 enable       enable   PFC Rx State\n"
                + "tx                 enable       enable   PFC Tx State\n"
                + "xoff-threshold     1048576 B    1048576 B  Xoff Threshold (in bytes)\n"
                + "xon-threshold      524288 B     524288 B  Xon Threshold (in bytes)\n"
                + String.format(
                        Locale.ROOT,
                        "[switch-priority]  %-11d  %-11d  Collection of switch priorities\n",
                        p.losslessPriority,
                        p.losslessPriority);
    }

    private String watchdog(SwitchPortModel p) {
        String state = p.watchdog ? "enabled " : "disabled";
        return prompt("nv show interface " + p.name + " qos pfc-watchdog")
                + "                  operational  applied\n----------------  -----------  -------\n"
                + "state             " + state + "     " + state + "\n"
                + "polling-interval  100 ms       100 ms\nrobustness        3            3\n\n"
                + "PFC WD Status\n===========================\n"
                + "    traffic-class  status    deadlock-count\n    -------------  --------  --------------\n"
                + String.format(Locale.ROOT, "    %-13d  OK        0\n", p.losslessPriority);
    }

    private String congestionControl(SwitchPortModel p) {
        return prompt("nv show interface " + p.name + " qos congestion-control")
                + "ECN configuration\n====================\n"
                + "    traffic-class  ECN     RED      Min Th     Max Th   Probability\n"
                + "    -------------  ------  -------  ---------  -------  -----------\n"
                + String.format(
                        Locale.ROOT,
                        "    %-13d  enable  disable  %-9s  1.50 MB  5\n",
                        p.losslessPriority,
                        size(p.ecnMinBytes));
    }

    /** The lossless PG keeps the model's headroom (HR) above an XOFF point of 1 MB. */
    private String ingressPriorityGroups(SwitchPortModel p) {
        return prompt("nv show interface " + p.name + " qos buffer ingress-priority-group")
                + "priori…  Pool ID  Mode     Reserv…  Current  Max      Shared    Lossy/…   XON Th   XOFF Th   HR\n"
                + "                           Size     Usage    Usage    Max\n"
                + "------…  -------  -------  ------…  ------…  ------…  -------…  -------…  -------  --------  --------\n"
                + "0        2        DYNAMIC  0 Bytes  0 Bytes  0 Bytes  ALPHA_8   Lossy     0 Bytes  0 Bytes   0 Bytes\n"
                + String.format(
                        Locale.ROOT,
                        "%-7d  1        DYNAMIC  9.98 KB  1.00 KB  4.00 KB  ALPHA_1   Lossless  0.50 MB  1.00 MB   %s\n",
                        p.losslessPriority,
                        size(p.xoffBytes));
    }

    /** A size as NVUE prints it: KB below a MB, else MB, of 1024, two decimals. */
    private static String size(long bytes) {
        return bytes < 1024 * 1024
                ? String.format(Locale.ROOT, "%.2f KB", bytes / 1024.0)
                : String.format(Locale.ROOT, "%.2f MB", bytes / (1024.0 * 1024));
    }
}
