package io.rocedoctor.collect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class RedactorTest {

    @Test
    void theSameAddressGetsTheSameTokenEverywhere() {
        Redactor r = new Redactor(List.of());

        String first = r.redact("inet 192.168.7.21/24 brd 192.168.7.255");
        String second = r.redact("GID 3: 192.168.7.21 and 192.168.9.9");

        assertThat(first).isEqualTo("inet 10.0.0.1/24 brd 10.0.0.2");
        assertThat(second).isEqualTo("GID 3: 10.0.0.1 and 10.0.0.3");
    }

    @Test
    void macsBecomeLocallyAdministeredAndKeepTheirCase() {
        Redactor r = new Redactor(List.of());

        assertThat(r.redact("link/ether 0c:42:a1:5e:77:10 brd ff:ff:ff:ff:ff:ff\nperm 0C:42:A1:5E:77:10"))
                .isEqualTo("link/ether 02:00:00:00:00:01 brd ff:ff:ff:ff:ff:ff\nperm 02:00:00:00:00:01");
    }

    @Test
    void ipv6KeepsLinkLocalAndItsWrittenForm() {
        Redactor r = new Redactor(List.of());

        assertThat(r.redact("inet6 fe80::e42:a1ff:fe5e:7710/64")).isEqualTo("inet6 fe80::1/64");
        assertThat(r.redact("inet6 2001:db8:1::17/64")).isEqualTo("inet6 fd00::2/64");
        assertThat(r.redact("fe80:0000:0000:0000:0e42:a1ff:fe5e:7710"))
                .isEqualTo("fe80:0000:0000:0000:0000:0000:0000:0003");
    }

    @Test
    void anIpv4MappedGidJoinsItsAddress() {
        Redactor r = new Redactor(List.of());

        String gids = r.redact("mlx5_0 1 3 0000:0000:0000:0000:0000:ffff:c0a8:0715 192.168.7.21 v2 ens1f0np0");

        assertThat(gids).isEqualTo("mlx5_0 1 3 0000:0000:0000:0000:0000:ffff:0a00:0001 10.0.0.1 v2 ens1f0np0");
    }

    @Test
    void guidsDerivedFromTheMacAreReplaced() {
        assertThat(new Redactor(List.of())
                        .redact("node_guid: 0c42:a103:0065:4b42\nsys_image_guid: 0c42:a103:0065:4b42"))
                .isEqualTo("node_guid: 0200:00ff:fe00:0001\nsys_image_guid: 0200:00ff:fe00:0001");
    }

    @Test
    void serialNumbersOfModulesAndCardsBecomeNumberedTokens() {
        Redactor r = new Redactor(List.of());

        String text = r.redact("""
                \tVendor SN                                 : GJ2308161004
                Vendor Serial Number               : S2202655321-1
                \t\t\t[SN] Serial number: MT2133X12345
                \tVendor SN                                 : GJ2308161004
                """);

        assertThat(text).isEqualTo("""
                \tVendor SN                                 : serial-1
                Vendor Serial Number               : serial-2
                \t\t\t[SN] Serial number: serial-3
                \tVendor SN                                 : serial-1
                """);
    }

    @Test
    void theVitalProductDataKeepsOnlyWhatNamesTheProduct() {
        String vpd = """
                \t\tProduct Name: NVIDIA ConnectX-7 Ethernet adapter card, 200 GbE , Dual-port QSFP112
                \t\tRead-only fields:
                \t\t\t[PN] Part number: MCX713106AC-VEAT
                \t\t\t[EC] Engineering changes: A5
                \t\t\t[SN] Serial number: MT2304XZ07QK  \s
                \t\t\t[V3] Vendor specific: 5f1c2d3e4a5b6c7d8e9f00112233aabb
                \t\t\t[VU] Vendor specific: MT2304XZ07QKMLNXS0D0F1
                \t\t\t[RV] Reserved: checksum good, 1 byte(s) reserved
                \t\tRead/write fields:
                \t\t\t[YA] Asset tag: RACK7-U12
                \t\tEnd
                """;

        assertThat(new Redactor(List.of()).redact(vpd)).isEqualTo("""
                \t\tProduct Name: NVIDIA ConnectX-7 Ethernet adapter card, 200 GbE , Dual-port QSFP112
                \t\tRead-only fields:
                \t\t\t[PN] Part number: MCX713106AC-VEAT
                \t\t\t[EC] Engineering changes: A5
                \t\t\t[SN] Serial number: serial-1  \s
                \t\t\t[V3] Vendor specific: serial-2
                \t\t\t[VU] Vendor specific: serial-3
                \t\t\t[RV] Reserved: checksum good, 1 byte(s) reserved
                \t\tRead/write fields:
                \t\t\t[YA] Asset tag: serial-4
                \t\tEnd
                """);
    }

    @Test
    void aSerialIsTheWholeValueUpToTheLastVisibleCharacter() {
        assertThat(new Redactor(List.of()).redact("Serial Number: To Be Filled By O.E.M.  \r\nSN:X1\n"))
                .isEqualTo("Serial Number: serial-1  \r\nSN:serial-2\n");
    }

    @Test
    void theDeviceSerialNumberCapabilityKeepsItsEui64ShapeAndIsSharedByTheCardsFunctions() {
        Redactor r = new Redactor(List.of());

        String first = r.redact("\tCapabilities: [1c0 v1] Device Serial Number 0c-42-a1-ff-ff-12-34-56\n");
        String second = r.redact("\tCapabilities: [1c0 v1] Device Serial Number 0c-42-a1-ff-ff-12-34-56\n");

        assertThat(first)
                .isEqualTo("\tCapabilities: [1c0 v1] Device Serial Number 00-00-00-00-00-00-00-01\n")
                .isEqualTo(second);
    }

    @Test
    void otherModuleAndCardFieldsAreKept() {
        String text = """
                \tVendor PN                                 : SFP-10G-SR
                \tVendor OUI                                : 00:1b:21
                \t\t\t[PN] Part number: MCX623106AN-CDAT
                ASN: 64512
                \tCapabilities: [c0] Vendor Specific Information: Len=18 <?>
                rx_vport_rdma_unicast_packets: 12
                board_id:                       MT_0000000359
                \tCapabilities: [148 v1] Device Serial Number 00-00-00-00-00-00-00-00
                """;

        assertThat(new Redactor(List.of()).redact(text)).isEqualTo(text);
    }

    @Test
    void hostNamesAreReplacedAsWholeWordsLongestFirstNumberedAsTheyAppear() {
        Redactor r = new Redactor(List.of("gpu", "gpu.lab.example"));

        assertThat(r.redact("kernel.hostname = gpu\nfqdn gpu.lab.example, gpu-node stays"))
                .isEqualTo("kernel.hostname = host-1\nfqdn host-2, gpu-node stays");
    }

    @Test
    void whatIdentifiesNobodyIsKept() {
        String text = """
                lo: inet 127.0.0.1/8 ::1 0.0.0.0 mask 255.255.255.0 mcast 224.0.0.1 ff02::1 ::
                bus-info: 0000:3b:00.0 at 10:15:00.123 firmware-version: 22.36.1010 driver 5.8-1.0.1.1
                  24:          1          0  IO-APIC   5-edge      ACPI:Ged
                """;

        assertThat(new Redactor(List.of()).redact(text)).isEqualTo(text);
    }

    @Test
    void bytesThatAreNotAsciiPassThrough() {
        byte[] in = {(byte) 0xff, ' ', '1', '.', '2', '.', '3', '.', '4', ' ', (byte) 0xc3, (byte) 0xa9};

        assertThat(new Redactor(List.of()).redact(in))
                .containsExactly(
                        (byte) 0xff, ' ', '1', '0', '.', '0', '.', '0', '.', '1', ' ', (byte) 0xc3, (byte) 0xa9);
    }
}
