package io.rocedoctor.synth;

import io.rocedoctor.synth.HostModel.PortModel;
import java.util.ArrayList;
import java.util.List;

/**
 * The leaf (SONiC, NVUE or EOS) a synthesized host's ports face, healthy by construction and agreeing with the
 * host: trust DSCP, DSCP 26 on lossless priority 3 with PFC, CNPs (DSCP 48) on strict queue 6,
 * ECN marking far below the XOFF point, headroom for 100G over 5 m, the PFC watchdog on, L4
 * ports in the ECMP and LAG hashes. Faults change a port's settings, or the switch's.
 */
final class SwitchModel {
    final String name;
    /** {@code sonic}, {@code nvue} or {@code eos}: how the dump is written and the ports are named. */
    final String platform;

    final List<SwitchPortModel> ports = new ArrayList<>();
    long losslessPoolBytes = 30_408_704;
    long lossyPoolBytes = 22_020_096;
    boolean hashesL4 = true;

    SwitchModel(String name, String platform, List<PortModel> hostPorts) {
        this.name = name;
        this.platform = platform;
        for (int i = 0; i < hostPorts.size(); i++) {
            ports.add(new SwitchPortModel(portName(platform, 8 + 4 * i), hostPorts.get(i)));
        }
    }

    /** Each platform's spelling of front-panel port n: SONiC Ethernet8, NVUE swp8, EOS Ethernet8/1 (a breakout's first lane). */
    private static String portName(String platform, int n) {
        return switch (platform) {
            case "nvue" -> "swp" + n;
            case "eos" -> "Ethernet" + n + "/1";
            default -> "Ethernet" + n;
        };
    }

    SwitchPortModel facing(PortModel hostPort) {
        return ports.stream().filter(p -> p.hostPort == hostPort).findFirst().orElseThrow();
    }

    /** One switch port and the host port cabled to it. */
    static final class SwitchPortModel {
        final String name;
        final PortModel hostPort;
        String trust = "dscp";
        /** The priority (= traffic class, queue and PG) PFC protects. */
        int losslessPriority = 3;
        /** The DSCP the port's map sends to the lossless priority. */
        int losslessDscp = 26;

        int mtu = 9100;
        /** WRED/ECN green minimum threshold on the lossless queue. */
        long ecnMinBytes = 150_000;
        /** XOFF (headroom) of the lossless PG's buffer profile. */
        long xoffBytes = 50_176;

        boolean watchdog = true;
        /** PFC storms the watchdog detects between the samples, and lossless PG drops per second. */
        int stormsBetweenSamples;

        double losslessDropsPerSecond;

        SwitchPortModel(String name, PortModel hostPort) {
            this.name = name;
            this.hostPort = hostPort;
        }
    }
}
