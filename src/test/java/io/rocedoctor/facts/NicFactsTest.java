package io.rocedoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What a physical NIC may ask of its PCIe link: each physical port once, whatever netdevs sit on top of it. */
class NicFactsTest extends BundleFolderTest {

    private void port(String name, String address, int speedMbps) throws Exception {
        write(
                "commands/ethtool_-i_" + name,
                "driver: mlx5_core\nversion: 6.1\nfirmware-version: 22.39.1002 (MT_0000000359)\nbus-info: " + address
                        + "\n");
        write(
                "commands/ethtool_" + name,
                "Settings for " + name + ":\n\tSpeed: " + speedMbps + "Mb/s\n\tDuplex: Full\n\tLink detected: yes\n");
    }

    private static String function(String address, String name, boolean link) {
        return address + " Ethernet controller: Mellanox Technologies " + name + "\n"
                + "\tNUMA node: 0\n"
                + "\tCapabilities: [60] Express (v2) Endpoint, MSI 00\n"
                + "\t\tDevCtl:\tCorrErr- NonFatalErr- FatalErr- UnsupReq-\n"
                + "\t\t\tMaxPayload 256 bytes, MaxReadReq 4096 bytes\n"
                + (link
                        ? "\t\tLnkCap:\tPort #0, Speed 16GT/s, Width x16, ASPM not supported\n"
                                + "\t\tLnkSta:\tSpeed 16GT/s (ok), Width x16 (ok)\n"
                        : "")
                + "\tKernel driver in use: mlx5_core\n\n";
    }

    /**
     * A dual-port 100G ConnectX-6 Dx with SR-IOV on: its virtual functions report the uplink's
     * speed, and a switchdev representor reports its PF's bus-info. Neither is a port of its own:
     * the NIC asks 200 Gb/s of its Gen4 x16 link (214 Gb/s after overhead), not 500.
     */
    @Test
    void virtualFunctionsAndRepresentorsDoNotAddToTheNicsDemand() throws Exception {
        write("manifest.yaml", "host: h1\nsamples:\n  - {n: 0, at: 2026-11-21T08:00:00Z}\n");
        port("ens1f0np0", "0000:3b:00.0", 100000);
        port("ens1f1np1", "0000:3b:00.1", 100000);
        port("ens1f0v0", "0000:3b:00.2", 100000);
        port("ens1f0v1", "0000:3b:00.3", 100000);
        port("eth_rep0", "0000:3b:00.0", 100000);
        write(
                "commands/lspci_-vvv",
                function("3b:00.0", "MT2892 Family [ConnectX-6 Dx]", true)
                        + function("3b:00.1", "MT2892 Family [ConnectX-6 Dx]", true)
                        + function("3b:00.2", "ConnectX Family mlx5Gen Virtual Function", false)
                        + function("3b:00.3", "ConnectX Family mlx5Gen Virtual Function", false));
        Facts facts = facts();
        Nic nic = facts.of(Nic.class).stream()
                .filter(n -> n.id().equals("0000:3b:00"))
                .findFirst()
                .orElseThrow();
        assertThat(nic.activeGbps()).isEqualTo(200.0);
        assertThat(facts.of(PcieLink.class))
                .singleElement()
                .satisfies(l -> assertThat(l.address()).isEqualTo("0000:3b:00.0"));
    }
}
