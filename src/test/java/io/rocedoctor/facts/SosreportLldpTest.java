package io.rocedoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.BundleReader;
import io.rocedoctor.bundle.Capture;
import io.rocedoctor.bundle.Layout;
import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import org.junit.jupiter.api.Test;

/**
 * Given a sosreport whose lldpd plugin ran (upstream sos runs {@code lldpcli show neighbors details}
 * and writes it to {@code sos_commands/lldpd/lldpcli_show_neighbors_details}): that file is the
 * bundle's LLDP neighbour list, and links the host's ports to the switches dumped beside it as a
 * native bundle's {@code lldpcli show neighbors} does.
 */
class SosreportLldpTest extends BundleFolderTest {

    private static final String NEIGHBORS_DETAILS = """
            -------------------------------------------------------------------------------
            LLDP neighbors:
            -------------------------------------------------------------------------------
            Interface:    ens1f0np0, via: LLDP, RID: 1, Time: 3 days, 04:12:09
              Chassis:
                ChassisID:    mac b8:59:9f:20:31:00
                SysName:      leaf1
                SysDescr:     SONiC Software Version: SONiC.202311 - HwSku: ACS-SN4700
                MgmtIP:       10.20.0.11
                Capability:   Bridge, on
                Capability:   Router, on
              Port:
                PortID:       ifname Ethernet16
                PortDescr:    Ethernet16
                TTL:          120
                PMD autoneg:  supported: no, enabled: no
                  MAU oper type: 100GbaseCR4 - 100GBASE-R PCS/PMA over 4 lane shielded copper balanced cable
                MFS:          9216
              VLAN:         100, pvid: yes
            -------------------------------------------------------------------------------
            Interface:    ens1f1np1, via: LLDP, RID: 1, Time: 3 days, 04:12:09
              Chassis:
                ChassisID:    mac b8:59:9f:20:31:00
                SysName:      leaf1
              Port:
                PortID:       mac b8:59:9f:20:31:14
                PortDescr:    Ethernet20
                TTL:          120
            -------------------------------------------------------------------------------
            Interface:    eno1, via: LLDP, RID: 2, Time: 41 days, 19:55:02
              Chassis:
                ChassisID:    mac 3c:2c:30:44:55:66
                SysName:      oob-sw1
              Port:
                PortID:       ifname ge-0/0/7
                TTL:          120
            -------------------------------------------------------------------------------
            """;

    /** What sos's lldpd plugin leaves: its outputs, the report's manifest naming them, the host name. */
    private void sosreportWithLldpd(int neighborsReturnCode) throws Exception {
        write("sos_commands/lldpd/lldpcli_show_neighbors_details", NEIGHBORS_DETAILS);
        write(
                "sos_commands/lldpd/lldpcli_show_chassis",
                "-------------------------------------------------------------------------------\n"
                        + "Local chassis:\n-------------------------------------------------------------------------------\n");
        write("sos_reports/manifest.json", """
                {"version": "4.10.1", "components": {"report": {"plugins": {"lldpd": {"commands": [
                  {"command": "lldpcli", "exec": "lldpcli show chassis", "return_code": 0,
                   "filepath": "sos_commands/lldpd/lldpcli_show_chassis"},
                  {"command": "lldpcli", "exec": "lldpcli show neighbors details", "return_code": %d,
                   "filepath": "sos_commands/lldpd/lldpcli_show_neighbors_details"}
                ]}}}}}
                """.formatted(neighborsReturnCode));
        write("hostname", "gpu-node-07\n");
        write("switches/leaf1/manifest.yaml", "platform: sonic\n");
    }

    @Test
    void theLldpdPluginsNeighbourDetailsAreTheLldpNeighbourList() throws Exception {
        sosreportWithLldpd(0);
        try (Bundle b = new BundleReader().read(dir)) {
            assertThat(b.layout()).isEqualTo(Layout.SOSREPORT);
            assertThat(b.capture(Source.of(SourceKind.LLDP_NEIGHBORS), 0))
                    .map(Capture::relativePath)
                    .contains("sos_commands/lldpd/lldpcli_show_neighbors_details");
        }
    }

    @Test
    void itsNeighboursThatAreDumpedSwitchesLinkTheHostPorts() throws Exception {
        sosreportWithLldpd(0);
        Facts f = facts();
        assertThat(f.of(Link.class))
                .containsExactly(
                        new Link("ens1f0np0", "leaf1", "Ethernet16", "lldp"),
                        new Link("ens1f1np1", "leaf1", "Ethernet20", "lldp"));
        assertThat(f.ledger().failures()).isEmpty();
        assertThat(String.join("\n", f.ledger().notes()))
                .contains("no sos plugin takes")
                .doesNotContain("lldpcli");
    }

    @Test
    void neighbourDetailsLldpcliFailedToGiveAreMissingNotParsed() throws Exception {
        // sos keeps stderr in the file: with lldpd not running, it holds lldpcli's complaint, and the manifest its exit
        // code.
        sosreportWithLldpd(1);
        Facts f = facts();
        assertThat(f.of(Link.class)).isEmpty();
        assertThat(f.ledger().missing()).contains("lldpcli show neighbors");
        assertThat(f.ledger().failures()).isEmpty();
    }

    @Test
    void lldpcliInAnotherOutputFormatIsNotTakenForItsTextOutput() throws Exception {
        // The parser reads lldpcli's text; sos's lldpd plugin captures only that.
        write("sos_commands/lldpd/lldpcli_-f_json_show_neighbors_details", "{\"lldp\": {\"interface\": []}}\n");
        write("sos_commands/lldpd/lldpcli_-f_keyvalue_show_neighbors", "lldp.ens1f0np0.chassis.name=leaf1\n");
        try (Bundle b = new BundleReader().read(dir)) {
            assertThat(b.sources(SourceKind.LLDP_NEIGHBORS)).isEmpty();
        }
    }
}
