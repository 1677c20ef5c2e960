package io.rocedoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A switch capture with one line its parser cannot read still feeds the switch facts: the line is
 * a note of the ledger naming the file inside the bundle and the line, as host notes do, and the
 * capture is not failed; a capture nothing of which is read fails naming its file the same way.
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
                        "switches/spine2/commands/nv_show_interface_swp31_qos_pfc:3: cable-length is not a number:"
                                + " 'ten'");
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
                .containsExactly("switches/leaf5/commands/show_running-config:5: PFC priority 11 is not 0-7");
        SwitchPort p = f.of(SwitchPort.class).stream().findFirst().orElseThrow();
        assertThat(p.pfcPriorities()).containsExactly(3);
    }

    @Test
    void nearMissAnUnreadableSwitchCaptureFailsNamingItsFileAndLine() throws Exception {
        write(
                "manifest.yaml",
                "host: h1\nlinks:\n  - {host_port: ens1f0np0, switch: leaf5, switch_port: Ethernet8/1}\n");
        write("switches/leaf5/manifest.yaml", "platform: arista-eos\n");
        write("switches/leaf5/commands/show_running-config", "\u0000\u0001 not a configuration\n");
        Facts f = facts();
        assertThat(f.ledger().failures())
                .singleElement()
                .satisfies(x -> assertThat(x.where()).startsWith("switches/leaf5/commands/show_running-config"));
    }
}
