package io.rocedoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Given an Arista EOS dump (running-config and queue counters), the switch facts speak the same
 * vocabulary as SONiC and NVUE, with the EOS defaults where running-config is silent.
 */
class EosSwitchFactsTest extends BundleFolderTest {

    private static final String CONFIG = """
            interface defaults
               mtu 9214
            !
            interface Ethernet8/1
               no switchport
               priority-flow-control on
               priority-flow-control priority 3 no-drop
               !
               tx-queue 3
                  no priority
            !
            interface Ethernet9/1
               mtu 1500
               switchport mode trunk
            !
            qos map dscp 46 to traffic-class 5
            """;

    private static String drops(long dropped) {
        return """
                {"egressQueueCounters": {"interfaces": {"Ethernet8/1": {"ucastQueues": {"trafficClasses": {
                  "TC3": {"dropPrecedences": {"DP0": {"droppedPackets": %d}}}}}}}}}
                """.formatted(dropped);
    }

    private Facts eos(String config) throws Exception {
        write(
                "manifest.yaml",
                "host: h1\nlinks:\n  - {host_port: ens1f0np0, switch: leaf5, switch_port: Ethernet8/1}\n");
        write("switches/leaf5/manifest.yaml", "platform: arista-eos\n");
        write("switches/leaf5/commands/show_running-config", config);
        write("switches/leaf5/commands/show_interfaces_counters_queue_detail_json", drops(100));
        write("switches/leaf5/samples/1/commands/show_interfaces_counters_queue_detail_json", drops(142));
        return facts();
    }

    private static SwitchPort port(Facts f, String name) {
        return f.of(SwitchPort.class).stream()
                .filter(p -> p.port().equals(name))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void whereRunningConfigIsSilentTheEosDefaultsStand() throws Exception {
        Facts f = eos(CONFIG);
        SwitchPort routed = port(f, "Ethernet8/1");
        assertThat(routed.platform()).isEqualTo("eos");
        assertThat(routed.trust()).as("a routed port trusts DSCP").isEqualTo("dscp");
        assertThat(routed.mtu()).as("from interface defaults").isEqualTo(9214);
        assertThat(routed.priorityOfDscp(26)).isEqualTo(3);
        assertThat(routed.priorityOfDscp(0)).as("DSCP 0-7 land on class 1").isEqualTo(1);
        assertThat(routed.priorityOfDscp(46)).as("the qos map line").isEqualTo(5);
        assertThat(routed.strictQueues())
                .as("round robin from the 'no priority' queue down")
                .containsExactly(4, 5, 6, 7);
        assertThat(routed.hostPorts()).containsExactly("ens1f0np0");
        SwitchPort switchport = port(f, "Ethernet9/1");
        assertThat(switchport.trust()).as("a switchport trusts CoS").isEqualTo("pcp");
        assertThat(switchport.mtu())
                .as("a switchport's mtu line is its IP MTU, not its frame size")
                .isNull();
    }

    @Test
    void aLosslessClassCarriesItsWatchdogEcnAndDropsBetweenTheSamples() throws Exception {
        SwitchLosslessQueue q = eos(CONFIG).of(SwitchLosslessQueue.class).get(0);
        assertThat(q.label() + ":" + q.priority()).isEqualTo("leaf5/Ethernet8/1:3");
        assertThat(q.watchdogOn()).as("no pause watchdog line").isFalse();
        assertThat(q.ecnMarking()).as("no random-detect ecn line").isFalse();
        assertThat(q.xoffBytes()).as("EOS shows no XOFF point").isNull();
        assertThat(q.headroomBytes()).isNull();
        assertThat(q.drops()).isEqualTo(42);
        assertThat(q.dropsSinceBoot()).isFalse();
    }

    @Test
    void pfcAllOffLeavesNoLosslessPriority() throws Exception {
        Facts f = eos(CONFIG + "priority-flow-control all off\n");
        assertThat(port(f, "Ethernet8/1").pfcPriorities()).isEmpty();
        assertThat(f.of(SwitchLosslessQueue.class)).isEmpty();
    }

    @Test
    void onlyEthernetPortsAndFacingPortsBecomeSwitchPorts() throws Exception {
        Facts f = eos(CONFIG + "interface Management1\n   ip address 10.0.0.2/24\n");
        assertThat(f.of(SwitchPort.class))
                .extracting(SwitchPort::port)
                .isEqualTo(List.of("Ethernet8/1", "Ethernet9/1"));
    }
}
