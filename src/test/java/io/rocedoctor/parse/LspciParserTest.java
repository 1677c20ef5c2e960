package io.rocedoctor.parse;

import static io.rocedoctor.parse.ParseFailures.assertNotedAt;
import static io.rocedoctor.parse.SampleText.failureLine;
import static io.rocedoctor.parse.SampleText.fixture;
import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class LspciParserTest {
    private final LspciParser parser = new LspciParser();

    @Test
    void javadocExample() throws ParseException {
        PciDevices all = parser.parse(SampleText.javadocExample(LspciParser.class));
        assertThat(all.devices()).hasSize(1);
        PciDevice d = all.devices().get(0);
        assertThat(d.address()).isEqualTo("0000:3b:00.0");
        assertThat(d.className()).isEqualTo("Ethernet controller");
        assertThat(d.driver()).isEqualTo("mlx5_core");
        assertThat(d.numaNode()).isZero();
        assertThat(d.linkCap()).isEqualTo(new PciDevice.PcieLinkState(16, 16));
        assertThat(d.linkSta()).isEqualTo(new PciDevice.PcieLinkState(8, 8));
        assertThat(d.maxPayload()).isEqualTo(256);
        assertThat(d.maxReadReq()).isEqualTo(4096);
    }

    @Test
    void nnvvIdsAndRootPortBridge() throws ParseException {
        PciDevices all = parser.parse(fixture("lspci", "lspci-nnvv-cx6dx-root-port-gen4.txt"));
        assertThat(all.devices()).extracting(PciDevice::address).containsExactly("0000:40:01.1", "0000:41:00.0");

        PciDevice port = all.at("40:01.1").orElseThrow();
        assertThat(port.className()).isEqualTo("PCI bridge");
        assertThat(port.secondaryBus()).isEqualTo(0x41);
        assertThat(port.subordinateBus()).isEqualTo(0x41);
        assertThat(port.driver()).isEqualTo("pcieport");
        assertThat(port.linkSta()).isEqualTo(new PciDevice.PcieLinkState(16, 16));
        assertThat(port.maxPayload()).isEqualTo(512);
        assertThat(port.line()).isEqualTo(1);

        PciDevice nic = all.at("0000:41:00.0").orElseThrow();
        assertThat(nic.className()).isEqualTo("Ethernet controller");
        assertThat(nic.name())
                .startsWith("Mellanox Technologies MT2892 Family [ConnectX-6 Dx]")
                .contains("[15b3:101d]");
        assertThat(nic.numaNode()).isEqualTo(1);
        assertThat(nic.linkCap()).isEqualTo(new PciDevice.PcieLinkState(16, 16));
        assertThat(nic.linkSta()).isEqualTo(nic.linkCap());
        assertThat(nic.linkSta().generation()).isEqualTo(4);
        assertThat(nic.maxPayload()).isEqualTo(512);
        assertThat(nic.maxReadReq()).isEqualTo(4096);
        assertThat(nic.capMaxPayload()).isEqualTo(512);
        assertThat(nic.secondaryBus()).isNull();
        assertThat(nic.line()).isEqualTo(29);
        assertThat(all.upstreamBridge(nic)).contains(port);
        assertThat(all.upstreamBridge(port)).isEmpty();
    }

    @Test
    void olderDevCtlLayoutAndDowngradedWidth() throws ParseException {
        PciDevices all = parser.parse(fixture("lspci", "lspci-vvv-cx5-x8-downgraded-report-errors.txt"));
        assertThat(all.devices()).hasSize(2);
        for (PciDevice d : all.devices()) {
            assertThat(d.linkCap()).isEqualTo(new PciDevice.PcieLinkState(16, 16));
            assertThat(d.linkSta()).isEqualTo(new PciDevice.PcieLinkState(8, 8));
            assertThat(d.maxPayload()).isEqualTo(256);
            assertThat(d.maxReadReq()).isEqualTo(1024);
            assertThat(d.capMaxPayload()).isEqualTo(512);
            assertThat(d.numaNode()).isEqualTo(1);
        }
        assertThat(all.devices().get(0).slot()).isEqualTo("0000:86:00");
        assertThat(all.devices().get(1).bus()).isEqualTo(0x86);
        assertThat(all.devices().get(1).driver()).isEqualTo("mlx5_core");
    }

    @Test
    void gen5WithPcilibWarningAndAccessDenied() throws ParseException {
        PciDevices all = parser.parse(fixture("lspci", "lspci-vvv-cx7-gen5-x16-nonroot.txt"));
        PciDevice f0 = all.at("1a:00.0").orElseThrow();
        assertThat(f0.linkSta()).isEqualTo(new PciDevice.PcieLinkState(32, 16));
        assertThat(f0.linkSta().generation()).isEqualTo(5);
        PciDevice f1 = all.at("1a:00.1").orElseThrow();
        assertThat(f1.linkCap()).isNull();
        assertThat(f1.linkSta()).isNull();
        assertThat(f1.maxPayload()).isNull();
        assertThat(f1.numaNode()).isNull();
        assertThat(f1.driver()).isEqualTo("mlx5_core");
    }

    @Test
    void malformedInput() {
        assertThat(failureLine(() -> parser.parse(""))).isEqualTo(0);
        assertThat(failureLine(() -> parser.parse("bash: lspci: command not found\n")))
                .isEqualTo(1);
        assertThat(failureLine(() -> parser.parse("lspci: Unable to load libkmod resources: error -2\n")))
                .isEqualTo(1);
        assertThat(failureLine(() -> parser.parse("\n\nsomething else\n"))).isEqualTo(3);
    }

    @Test
    void lspciXxxvvvsHexDumpAfterEachDeviceIsSkippedAndTheNextDeviceIsRead() throws ParseException {
        // sysinfo-snapshot 3.1.x: lspci -s ADDRESS -xxxvvv of each Mellanox function, one after the other.
        String dump = "00: b3 15 13 10 46 05 10 00 00 00 07 02 40 00 00 00\n"
                + "f0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00\n\n";
        PciDevices all = parser.parse("07:00.0 Infiniband controller: Mellanox Technologies MT27600 [Connect-IB]\n"
                + "\t\tLnkCap:\tPort #0, Speed 8GT/s, Width x16, ASPM unknown, Latency L0 unlimited\n"
                + "\t\tLnkSta:\tSpeed 5GT/s, Width x16, TrErr- Train- SlotClk+ DLActive- BWMgmt- ABWMgmt-\n"
                + "\tKernel driver in use: mlx5_core\n"
                + dump
                + "07:00.1 Infiniband controller: Mellanox Technologies MT27600 [Connect-IB]\n"
                + "\tKernel driver in use: mlx5_core\n"
                + dump);

        assertThat(all.devices()).extracting(PciDevice::address).containsExactly("0000:07:00.0", "0000:07:00.1");
        assertThat(all.devices().get(0).linkSta()).isEqualTo(new PciDevice.PcieLinkState(5, 16));
        assertThat(all.devices().get(0).driver()).isEqualTo("mlx5_core");
        // Near miss: a dump line before any device belongs to none and is a note, not skipped silently.
        assertNotedAt(parser, dump + "07:00.0 Infiniband controller: X\n", 1, "not a device line");
    }

    @Test
    void unreadableLinesAreNotesAndTheDevicesStand() {
        PciDevices d =
                assertNotedAt(parser, "\n\nsomething else\n3b:00.0 Ethernet controller: X\n", 3, "not a device line");
        assertThat(d.devices()).extracting(PciDevice::address).containsExactly("0000:3b:00.0");
        assertThat(assertNotedAt(parser, "3b:00.0 Ethernet controller: X\n\tNUMA node: 99999999999\n", 2, "NUMA node")
                        .devices()
                        .get(0)
                        .numaNode())
                .isNull();
        assertNotedAt(parser, "3b:00.0 Ethernet controller: X\n\tNUMA node: one\n", 2, "NUMA node");
    }

    @Test
    void sosNnvvWithLibkmodStderrReadsItsLinks() throws ParseException {
        // sos keeps lspci's stderr in sos_commands/pci/lspci_-nnvv: the libkmod line first, a pcilib VPD
        // warning inside the NIC's block; pciutils 3.5's one-line LnkSta and "Report errors:" DevCtl.
        Parsed<PciDevices> read = parser.read(fixture("lspci", "lspci-nnvv-sos-debian-libkmod-stderr.txt"));
        assertThat(read.notes()).extracting(LineNote::line).containsExactly(1, 30);
        assertThat(read.notes().get(0).reason())
                .contains("lspci: Unable to load libkmod resources")
                .contains("standard error");
        PciDevice nic = read.value().devices().stream()
                .filter(x -> x.address().equals("0000:18:00.0"))
                .findFirst()
                .orElseThrow();
        assertThat(nic.className()).isEqualTo("Ethernet controller");
        assertThat(nic.driver()).isEqualTo("mlx5_core");
        assertThat(nic.linkCap()).isEqualTo(new PciDevice.PcieLinkState(8.0, 16));
        assertThat(nic.linkSta()).isEqualTo(new PciDevice.PcieLinkState(8.0, 8));
        assertThat(nic.maxPayload()).isEqualTo(256);
        assertThat(nic.maxReadReq()).isEqualTo(4096);
        PciDevice port = read.value().devices().get(0);
        assertThat(port.secondaryBus()).isEqualTo(0x18);
        assertThat(port.linkSta()).isEqualTo(new PciDevice.PcieLinkState(8.0, 16));
    }

    @Test
    void aLineThatOnlyLooksLikeStderrIsNotSkipped() {
        // near miss: "lspci:" must start the line; a device name holding the word is a device
        PciDevices d = assertNotedAt(
                parser,
                "x lspci: Unable to load libkmod resources\n3b:00.0 Ethernet controller: X\n",
                1,
                "not a device line");
        assertThat(d.devices()).hasSize(1);
    }

    @Test
    void truncatedBlockKeepsWhatItHas() throws ParseException {
        PciDevice d = parser.parse("3b:00.0 Ethernet controller: X\n\t\tLnkCap:\tPort #0, Speed 16GT/s, Wid")
                .devices()
                .get(0);
        assertThat(d.linkCap()).isNull();
        assertThat(d.linkSta()).isNull();
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    /** ls-ecaps.c cap_acs: ACSCap and ACSCtl, seven flags each; the ones on in ACSCtl are kept. */
    @Test
    void theAcsControlsOnAPortAreTheFlagsWithAPlus() throws Exception {
        PciDevices d = new LspciParser().parse("""
                3a:01.0 PCI bridge: Broadcom / LSI PEX89000 PCIe Gen 5 Switch (rev b0) (prog-if 00 [Normal decode])
                \tBus: primary=3a, secondary=3c, subordinate=3c, sec-latency=0
                \tCapabilities: [220 v1] Access Control Services
                \t\tACSCap:\tSrcValid+ TransBlk+ ReqRedir+ CmpltRedir+ UpstreamFwd+ EgressCtrl+ DirectTrans+
                \t\tACSCtl:\tSrcValid+ TransBlk- ReqRedir+ CmpltRedir+ UpstreamFwd+ EgressCtrl- DirectTrans-
                \tKernel driver in use: pcieport
                3a:02.0 PCI bridge: Broadcom / LSI PEX89000 PCIe Gen 5 Switch (rev b0) (prog-if 00 [Normal decode])
                \tCapabilities: [220 v1] Access Control Services
                \t\tACSCap:\tSrcValid+ TransBlk+ ReqRedir+ CmpltRedir+ UpstreamFwd+ EgressCtrl+ DirectTrans+
                \t\tACSCtl:\tSrcValid+ TransBlk- ReqRedir- CmpltRedir- UpstreamFwd+ EgressCtrl- DirectTrans-
                3a:03.0 PCI bridge: Broadcom / LSI PEX89000 PCIe Gen 5 Switch (rev b0) (prog-if 00 [Normal decode])
                \tCapabilities: <access denied>
                """);
        PciDevice redirecting = d.at("3a:01.0").orElseThrow();
        assertThat(redirecting.acsControl()).containsExactly("SrcValid", "ReqRedir", "CmpltRedir", "UpstreamFwd");
        assertThat(redirecting.acsRedirectsPeerToPeer()).isTrue();
        // Near miss: ACS on, but not its redirection; and a port read without root, whose ACS is unknown.
        assertThat(d.at("3a:02.0").orElseThrow().acsRedirectsPeerToPeer()).isFalse();
        assertThat(d.at("3a:03.0").orElseThrow().acsControl()).isNull();
    }

    @Test
    void anNvidiaGpuIsADisplayControllerOfNvidiaWithOrWithoutIds() throws Exception {
        PciDevices d = new LspciParser().parse("""
                0000:3c:00.0 3D controller [0302]: NVIDIA Corporation GA100 [A100 PCIe 80GB] [10de:20b5] (rev a1)
                0000:3d:00.0 VGA compatible controller: NVIDIA Corporation GA102GL [RTX A6000] (rev a1)
                0000:3e:00.0 Audio device [0403]: NVIDIA Corporation GA102 High Definition Audio Controller [10de:1aef] (rev a1)
                0000:3f:00.0 VGA compatible controller [0300]: ASPEED Technology, Inc. ASPEED Graphics Family [1a03:2000] (rev 52)
                """);
        assertThat(d.devices())
                .filteredOn(PciDevice::nvidiaGpu)
                .extracting(PciDevice::address)
                .containsExactly("0000:3c:00.0", "0000:3d:00.0");
        PciDevice a100 = d.at("3c:00.0").orElseThrow();
        assertThat(a100.classCode()).isEqualTo("0302");
        assertThat(a100.vendorId()).isEqualTo("10de");
        assertThat(d.at("3d:00.0").orElseThrow().vendorId()).isNull();
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(fixture("lspci", "lspci-nnvv-cx6dx-root-port-gen4.txt"));
    }
}
