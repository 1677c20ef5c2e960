package io.rocedoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** From the raw outputs of ethtool, mlxlink, ethtool -m and ip -s -s link, the physical facts of each port. */
class PhysicalFactsTest extends BundleFolderTest {

    private static String ipLinks(long transitions) {
        return """
                7: gp0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 4200 qdisc mq state UP mode DEFAULT group default qlen 1000
                    link/ether 10:70:fd:aa:bb:01 brd ff:ff:ff:ff:ff:ff
                    RX:  bytes  packets errors dropped  missed   mcast
                    5000000   4000      0       0       0       0
                    RX errors: length   crc   frame    fifo overrun
                                0        0       0       0       0
                    TX:  bytes  packets errors dropped carrier collsns
                    6000000   5000      0       0       0       0
                    TX errors: aborted  fifo   window heartbeat transns
                                0        0       0        0       %d
                """.formatted(transitions);
    }

    /** Port gp0 on 0000:81:00.0: 200G advertised by both ends, trained at 100G; its mlxlink run by RDMA device name. */
    @BeforeEach
    void bundle() throws Exception {
        write(
                "manifest.yaml",
                "host: h2\nsamples:\n  - {n: 0, at: 2026-11-21T08:00:00Z}\n  - {n: 1, at: 2026-11-21T08:00:20Z}\n");
        write(
                "commands/ethtool_-i_gp0",
                "driver: mlx5_core\nversion: 6.1\nfirmware-version: 28.39.1002 (MT_3)\nbus-info: 0000:81:00.0\n");
        write("commands/ethtool_gp0", """
                Settings for gp0:
                	Supported link modes:   100000baseCR2/Full
                	                        200000baseCR4/Full
                	Advertised link modes:  100000baseCR2/Full
                	                        200000baseCR4/Full
                	Link partner advertised link modes:  100000baseCR2/Full
                	                                     200000baseCR4/Full
                	Speed: 100000Mb/s
                	Duplex: Full
                	Link detected: yes
                """);
        write("commands/ethtool_-S_gp0", "NIC statistics:\n     rx_symbol_err_phy: 40\n     rx_crc_errors_phy: 2\n");
        write(
                "samples/1/commands/ethtool_-S_gp0",
                "NIC statistics:\n     rx_symbol_err_phy: 95\n     rx_crc_errors_phy: 2\n");
        write("commands/ibdev2netdev", "mlx5_4 port 1 ==> gp0 (Up)\n");
        write("commands/mlxlink_-d_mlx5_4_-m_-e_-c", """
                Operational Info
                ----------------
                State                              : Active
                Speed                              : 100G
                Width                              : 2x
                FEC                                : Standard_RS-FEC (544,514)

                Module Info
                -----------
                Temperature [C]                    : 48

                Physical Counters and BER Info
                ------------------------------
                Time Since Last Clear [Min]        : 95.5
                Effective Physical BER             : 4E-11
                Link Down Counter                  : 1
                Link Error Recovery Counter        : 0
                Raw Physical BER                   : 6.5E-5
                """);
        write("commands/ethtool_-m_gp0", """
                	Identifier                                : 0x11 (QSFP28)
                	Module temperature                        : 66.20 degrees C / 151.16 degrees F
                	Module temperature high alarm threshold   : 80.00 degrees C / 176.00 degrees F
                	Module temperature high warning threshold : 65.00 degrees C / 149.00 degrees F
                """);
        write("commands/ip_-s_-s_link", ipLinks(4));
        write("samples/1/commands/ip_-s_-s_link", ipLinks(6));
    }

    @Test
    void linkJoinsEthtoolMlxlinkAndCountersOfOnePort() throws Exception {
        PhysicalLink l = facts().of(PhysicalLink.class).get(0);
        assertThat(l.port()).isEqualTo("gp0");
        assertThat(l.nic()).isEqualTo("0000:81:00");
        assertThat(l.speedMbps()).isEqualTo(100000);
        assertThat(l.commonMaxMbps()).isEqualTo(200000);
        assertThat(l.mlxlink()).isEqualTo("mlxlink -d mlx5_4 -m -e -c");
        assertThat(l.lanes()).isEqualTo(2);
        assertThat(l.signaling()).isEqualTo("PAM4");
        assertThat(l.fecCode()).isEqualTo("rs544");
        assertThat(l.rawBer()).isEqualTo(6.5e-5);
        assertThat(l.effectiveBerText()).isEqualTo("4E-11");
        assertThat(l.symbolErrorsDelta()).isEqualTo(55);
        assertThat(l.symbolErrorCounter()).isEqualTo("rx_symbol_err_phy");
        // 55 errors in 20 s at 100 Gb/s: 55 / 2e12 bits.
        assertThat(l.symbolErrorBer()).isCloseTo(2.75e-11, org.assertj.core.data.Offset.offset(1e-15));
        assertThat(l.linkDowns()).isEqualTo(1);
        assertThat(l.minutesSinceClear()).isEqualTo(95.5);
        assertThat(l.carrierChangesDelta()).isEqualTo(2);
    }

    @Test
    void moduleTemperatureComesWithTheModulesOwnThresholds() throws Exception {
        ModuleTemperature t = facts().of(ModuleTemperature.class).get(0);
        assertThat(t.celsius()).isEqualTo(66.2);
        assertThat(t.warningCelsius()).isEqualTo(65.0);
        assertThat(t.alarmCelsius()).isEqualTo(80.0);
        assertThat(t.source()).isEqualTo("ethtool -m gp0");
    }

    @Test
    void withoutEthtoolMTheMlxlinkReadingStandsWithoutThresholds() throws Exception {
        Files.delete(dir.resolve("commands/ethtool_-m_gp0"));
        ModuleTemperature t = facts().of(ModuleTemperature.class).get(0);
        assertThat(t.celsius()).isEqualTo(48.0);
        assertThat(t.warningCelsius()).isNull();
        assertThat(t.source()).startsWith("mlxlink");
    }

    @Test
    void mlxlinkByPciAddressFindsItsPortAndAMissingOneIsRecorded() throws Exception {
        Files.move(
                dir.resolve("commands/mlxlink_-d_mlx5_4_-m_-e_-c"),
                dir.resolve("commands/mlxlink_-d_0000_81_00.0_-m_-e_-c"));
        Facts f = facts();
        assertThat(f.of(PhysicalLink.class).get(0).fecCode()).isEqualTo("rs544");
        assertThat(f.ledger().missing()).doesNotContain("mlxlink -d 0000:81:00.0 -m -e -c");

        Files.delete(dir.resolve("commands/mlxlink_-d_0000_81_00.0_-m_-e_-c"));
        Facts without = facts();
        assertThat(without.of(PhysicalLink.class).get(0).fec()).isNull();
        assertThat(without.ledger().missing()).contains("mlxlink -d 0000:81:00.0 -m -e -c");
    }

    /** mlxlink reads ConnectX firmware: a Broadcom or Intel port without it lacks nothing. */
    @Test
    void mlxlinkIsNotExpectedOfANicAnotherVendorsDriverRuns() throws Exception {
        Files.delete(dir.resolve("commands/mlxlink_-d_mlx5_4_-m_-e_-c"));
        write(
                "commands/ethtool_-i_gp0",
                "driver: bnxt_en\nversion: 6.8.0\nfirmware-version: 230.0.157.0/pkg 230.1.116.0\n"
                        + "bus-info: 0000:81:00.0\n");
        assertThat(facts().ledger().missing()).noneMatch(m -> m.startsWith("mlxlink"));
    }

    @Test
    void withOneSampleNoCounterIncreaseIsClaimed() throws Exception {
        write("manifest.yaml", "host: h2\nsamples:\n  - {n: 0, at: 2026-11-21T08:00:00Z}\n");
        Files.delete(dir.resolve("samples/1/commands/ethtool_-S_gp0"));
        Files.delete(dir.resolve("samples/1/commands/ip_-s_-s_link"));
        PhysicalLink l = facts().of(PhysicalLink.class).get(0);
        assertThat(l.symbolErrorsDelta()).isNull();
        assertThat(l.carrierChangesDelta()).isNull(); // 4 transitions since boot: a link that came up, not a flap
    }

    @Test
    void fecWordingsMapToTheCodesWhoseLimitsTheProfileKnows() {
        assertThat(List.of(
                                "Standard RS-FEC - RS(528,514)",
                                "RS-FEC(544,514)",
                                "Interleaved_Standard_RS-FEC (544,514)",
                                "Firecode FEC",
                                "No FEC",
                                "Standard LL RS-FEC - RS(272,257+1)")
                        .stream()
                        .map(PhysicalFacts::fecCode))
                .containsExactly("rs528", "rs544", "rs544", "baser", "none", null);
    }

    @Test
    void withoutPartnerModesTheCommonMaximumIsUnknown() throws Exception {
        write(
                "commands/ethtool_gp0",
                "Settings for gp0:\n\tAdvertised link modes:  200000baseCR4/Full\n\tSpeed: 100000Mb/s\n");
        assertThat(facts().of(PhysicalLink.class).get(0).commonMaxMbps()).isNull();
    }
}
