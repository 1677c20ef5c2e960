package io.rocedoctor.synth;

import io.rocedoctor.synth.SwitchModel.SwitchPortModel;

/**
 * What an Arista EOS leaf prints for the switch model, in the forms {@code EosRunningConfigParser}
 * and {@code EosQueueDropsParser} read (docs/bundle-format.md): {@code show running-config} with the
 * QoS lines of each routed port facing the host, written on the port itself as AVD's
 * eos_cli_config_gen renders {@code ethernet_interfaces} (mtu, qos trust, priority-flow-control
 * on / priority N no-drop / pause watchdog, a tx-queue block with {@code no priority} and
 * {@code random-detect ecn}), the global DSCP map and watchdog timers; and the eAPI JSON of
 * {@code show interfaces counters queue detail | json}.
 *
 * <p>The DSCP map is switch-wide on EOS ({@code qos map dscp D to traffic-class T}), so a fault
 * that changes one port's map cannot be written here; see {@code Faults}.
 */
final class EosTexts {
    private final HostModel host;
    private final SwitchModel sw;

    EosTexts(HostModel host, SwitchModel sw) {
        this.host = host;
        this.sw = sw;
    }

    String runningConfig() {
        StringBuilder out = new StringBuilder("! Command: show running-config\n! device: " + sw.name
                + " (DCS-7060X5-64S, EOS-4.31.2F)\n!\n! boot system flash:/EOS-4.31.2F.swi\n!\nno aaa root\n!\nhostname "
                + sw.name + "\n!\nspanning-tree mode mstp\n!\ninterface defaults\n   mtu 9214\n!\n");
        int subnet = 0;
        for (SwitchPortModel p : sw.ports) {
            out.append("interface ")
                    .append(p.name)
                    .append('\n')
                    .append("   description ")
                    .append(host.name())
                    .append('_')
                    .append(p.hostPort.netdev)
                    .append('\n')
                    .append("   mtu ")
                    .append(p.mtu)
                    .append('\n')
                    .append("   no switchport\n")
                    .append("   ip address 10.0.")
                    .append(subnet++)
                    .append(".1/31\n")
                    .append("   qos trust ")
                    .append(p.trust.equals("pcp") ? "cos" : "dscp")
                    .append('\n')
                    .append("   priority-flow-control on\n")
                    .append("   priority-flow-control priority ")
                    .append(p.losslessPriority)
                    .append(" no-drop\n");
            if (p.watchdog) {
                out.append("   priority-flow-control pause watchdog\n");
            }
            // no priority on the lossless queue makes it and the queues below it round robin; 4-7 stay strict (CNPs on
            // 6).
            out.append("   !\n   tx-queue ")
                    .append(p.losslessPriority)
                    .append("\n      no priority\n")
                    .append("      random-detect ecn minimum-threshold ")
                    .append(size(p.ecnMinBytes))
                    .append(" maximum-threshold 1536 kbytes max-mark-probability 5\n!\n");
        }
        return out.append(
                        "qos map dscp 24 25 26 27 28 29 30 31 to traffic-class 3\nqos map dscp 48 to traffic-class 6\n!\n")
                .append("priority-flow-control pause watchdog default timeout 0.2\n")
                .append("priority-flow-control pause watchdog default recovery-time 0.4\n")
                .append("priority-flow-control pause watchdog action drop\n!\nip routing\n!\nend\n")
                .toString();
    }

    /** A threshold as EOS spells it: kbytes when whole, else bytes. */
    private static String size(long bytes) {
        return bytes % 1024 == 0 ? bytes / 1024 + " kbytes" : bytes + " bytes";
    }

    /** Each port's unicast and multicast queues TC0-TC7; the lossless queue drops at the model's rate. */
    String queueCounters(int sample) {
        double seconds = (double) host.shape.intervalSeconds() * sample;
        StringBuilder out = new StringBuilder("{\n    \"egressQueueCounters\": {\n        \"interfaces\": {");
        for (int i = 0; i < sw.ports.size(); i++) {
            SwitchPortModel p = sw.ports.get(i);
            long dropped = Math.round(p.losslessDropsPerSecond * seconds);
            out.append(i == 0 ? "\n" : ",\n")
                    .append("            \"")
                    .append(p.name)
                    .append("\": {\n");
            out.append(queues("ucastQueues", p.losslessPriority, dropped)).append(",\n");
            out.append(queues("mcastQueues", -1, 0)).append("\n            }");
        }
        return out.append("\n        }\n    }\n}\n").toString();
    }

    private static String queues(String kind, int droppingClass, long dropped) {
        StringBuilder out =
                new StringBuilder("                \"" + kind + "\": {\n                    \"trafficClasses\": {");
        for (int tc = 0; tc < 8; tc++) {
            out.append(tc == 0 ? "\n" : ",\n")
                    .append("                        \"TC")
                    .append(tc)
                    .append("\": {\"dropPrecedences\": {\"DP0\": {\"droppedPackets\": ")
                    .append(tc == droppingClass ? dropped : 0)
                    .append("}}}");
        }
        return out.append("\n                    }\n                }").toString();
    }
}
