package io.rocedoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A switch capture with one line its parser cannot read still feeds the switch facts: the line is
 * a note of the ledger naming the dump, the capture and the line, and the capture is not failed.
 */
class SwitchLineNotesTest extends BundleFolderTest {

    @Test
    void anNvueCaptureWithADamagedFieldKeepsItsPrioritiesAndNotesTheLine() throws Exception {
        write("manifest.yaml", "host: h1\nlinks:\n  - {host_port: ens1f0np0, switch: spine2, switch_port: swp31}\n");
        write("switches/spine2/manifest.yaml", "platform: cumulus-nvue\n");
        write("switches/spine2/commands/nv_show_interface_swp31_qos_pfc", """
                                   operational  applied  description
                -----------------  -----------  -------  --------------------------------
                cable-length       ten          10       Cable Length (in meters)
                xoff-threshold     50000 B      50000 B  Xoff Threshold (in bytes)
                [switch-priority]  3            3        Collection of switch priorities
                """);
        Facts f = facts();
        assertThat(f.ledger().failures()).isEmpty();
        assertThat(f.ledger().notes())
                .containsExactly(
                        "switches/spine2 (nv show interface swp31 qos pfc):3: cable-length is not a number: 'ten'");
        SwitchPort p = f.of(SwitchPort.class).stream().findFirst().orElseThrow();
        assertThat(p.pfcPriorities()).containsExactly(3);
        assertThat(p.cableMeters()).isNull();
    }

    @Test
    void anEosConfigurationWithAPriorityOutOfRangeKeepsTheOtherPriorities() throws Exception {
        write(
                "manifest.yaml",
                "host: h1\nlinks:\n  - {host_port: ens1f0np0, switch: leaf5, switch_port: Ethernet8/1}\n");
        write("switches/leaf5/manifest.yaml", "platform: arista-eos\n");
        write("switches/leaf5/commands/show_running-config", """
                interface Ethernet8/1
                   no switchport
                   priority-flow-control on
                   priority-flow-control priority 3 no-drop
                   priority-flow-control priority 11 no-drop
                """);
        Facts f = facts();
        assertThat(f.ledger().failures()).isEmpty();
        assertThat(f.ledger().notes())
                .containsExactly("switches/leaf5 (show running-config):5: PFC priority 11 is not 0-7");
        SwitchPort p = f.of(SwitchPort.class).stream().findFirst().orElseThrow();
        assertThat(p.pfcPriorities()).containsExactly(3);
    }
}
