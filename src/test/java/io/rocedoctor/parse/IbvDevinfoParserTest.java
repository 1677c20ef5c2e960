package io.rocedoctor.parse;

import static io.rocedoctor.parse.ParseFailures.assertFailsAt;
import static io.rocedoctor.parse.ParseFailures.assertNotedAt;
import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class IbvDevinfoParserTest {
    private final IbvDevinfoParser parser = new IbvDevinfoParser();

    @Test
    void javadocExample() throws Exception {
        IbvDevices d = parser.parse(JavadocExample.of(IbvDevinfoParser.class));
        IbvDevices.IbvPort port = d.device("mlx5_0").orElseThrow().ports().get(0);
        assertThat(port.activeMtu()).isEqualTo(4096);
        assertThat(port.gids()).containsExactly(new IbvDevices.IbvGid(3, "::ffff:192.168.7.21", "RoCE v2"));
    }

    @Test
    void verboseWithPortAndGidTable() throws Exception {
        IbvDevices d = parser.parse(RdmaFamilyFixtures.read("ibv_devinfo/ibv_devinfo-v-connectx6dx-port-gids.txt"));
        IbvDevices.IbvDevice dev = d.devices().get(0);
        assertThat(dev.hcaId()).isEqualTo("mlx5_2");
        assertThat(dev.transport()).isEqualTo("InfiniBand (0)");
        assertThat(dev.firmwareVersion()).isEqualTo("22.36.1010");
        assertThat(dev.nodeGuid()).isEqualTo("b83f:d203:00a4:5e10");
        assertThat(dev.vendorPartId()).isEqualTo(4125);
        assertThat(dev.boardId()).isEqualTo("MT_0000000359");
        assertThat(dev.physicalPortCount()).isEqualTo(1);
        assertThat(dev.attributes()).containsEntry("max_qp", "131072").containsEntry("atomic_cap", "ATOMIC_HCA (1)");
        IbvDevices.IbvPort port = dev.ports().get(0);
        assertThat(port.port()).isEqualTo(1);
        assertThat(port.state()).isEqualTo("PORT_ACTIVE");
        assertThat(port.physicalState()).isEqualTo("LINK_UP");
        assertThat(port.maxMtu()).isEqualTo(4096);
        assertThat(port.linkLayer()).isEqualTo("Ethernet");
        assertThat(port.activeWidth()).isEqualTo("4X");
        assertThat(port.activeSpeed()).isEqualTo("25.0 Gbps");
        assertThat(port.attributes()).containsEntry("gid_tbl_len", "255");
        assertThat(port.gids()).hasSize(4);
        assertThat(port.gids().get(1)).isEqualTo(new IbvDevices.IbvGid(1, "fe80::ba3f:d2ff:fea4:5e10", "RoCE v2"));
        assertThat(port.gids().get(2).gid()).isEqualTo("0000:0000:0000:0000:0000:ffff:c0a8:0715");
    }

    @Test
    void olderRdmaCoreWithoutGidTypeAndTwoPorts() throws Exception {
        IbvDevices.IbvDevice dev = parser.parse(
                        RdmaFamilyFixtures.read("ibv_devinfo/ibv_devinfo-v-connectx4-older-gid-notype-two-ports.txt"))
                .devices()
                .get(0);
        assertThat(dev.vendorPartId()).isEqualTo(4115);
        assertThat(dev.ports()).hasSize(2);
        assertThat(dev.ports().get(0).gids())
                .extracting(IbvDevices.IbvGid::type)
                .containsOnlyNulls();
        assertThat(dev.ports().get(0).gids().get(1).index()).isEqualTo(1);
        assertThat(dev.ports().get(0).activeMtu()).isEqualTo(1024);
        assertThat(dev.ports().get(1).state()).isEqualTo("PORT_DOWN");
        assertThat(dev.ports().get(1).physicalState()).isEqualTo("DISABLED");
        assertThat(dev.ports().get(1).gids()).isEmpty();
    }

    @Test
    void plainOutputWithSpacesInsteadOfTabs() throws Exception {
        IbvDevices d = parser.parse(RdmaFamilyFixtures.read("ibv_devinfo/ibv_devinfo-plain-two-hcas-spaces.txt"));
        assertThat(d.devices()).extracting(IbvDevices.IbvDevice::hcaId).containsExactly("rocep59s0f0", "rocep59s0f1");
        assertThat(d.devices().get(0).ports().get(0).state()).isEqualTo("PORT_DOWN");
        IbvDevices.IbvDevice second = d.device("rocep59s0f1").orElseThrow();
        assertThat(second.nodeGuid()).isNull();
        assertThat(second.ports().get(0).activeMtu()).isEqualTo(4096);
        assertThat(second.ports().get(0).activeSpeed()).isNull();
    }

    @Test
    void noDevicesIsAnEmptyList() throws Exception {
        assertThat(parser.parse(RdmaFamilyFixtures.read("ibv_devinfo/ibv_devinfo-no-devices.txt"))
                        .devices())
                .isEmpty();
    }

    @Test
    void nothingReadableFails() {
        assertFailsAt(parser, "", 0);
        assertFailsAt(parser, "bash: ibv_devinfo: command not found\n", 1);
        assertFailsAt(parser, "Failed to get IB devices list: Function not implemented\n", 1);
    }

    @Test
    void aBadLineIsANoteAndTheRestStands() {
        IbvDevices before = assertNotedAt(parser, "\tfw_ver:\t16.1\nhca_id:\tmlx5_0\n", 1, "before any 'hca_id:'");
        assertThat(before.devices()).extracting(IbvDevices.IbvDevice::hcaId).containsExactly("mlx5_0");
        assertThat(before.devices().get(0).firmwareVersion())
                .as("a line before the block is no line of it")
                .isNull();

        IbvDevices mtu = assertNotedAt(
                parser,
                "hca_id: mlx5_0\n\tport:\t1\n\t\tactive_mtu:\t99999999999999999999999 (5)\n"
                        + "\t\tmax_mtu:\t4096 (5)\n\t\tGID[  1]:\t\tfe80::ba3f:d2ff:fea4:5e10, RoCE v2\n",
                3,
                "active_mtu");
        IbvDevices.IbvPort port = mtu.devices().get(0).ports().get(0);
        assertThat(port.activeMtu()).isNull();
        assertThat(port.attributes()).doesNotContainKey("active_mtu");
        assertThat(port.maxMtu()).isEqualTo(4096);
        assertThat(port.gids()).extracting(IbvDevices.IbvGid::index).containsExactly(1);
    }

    @Test
    void aPortWithoutItsNumberIsSkippedUpToTheNextPort() throws Exception {
        String text = "hca_id: mlx5_0\n\tport:\tone\n\t\tstate:\tPORT_DOWN (1)\n\t\tGID[  0]:\t\tfe80::1, RoCE v1\n"
                + "\tport:\t2\n\t\tstate:\tPORT_ACTIVE (4)\n";
        Parsed<IbvDevices> read = parser.read(text);
        IbvDevices.IbvDevice dev = read.value().devices().get(0);
        assertThat(dev.ports()).singleElement().satisfies(p -> {
            assertThat(p.port()).isEqualTo(2);
            assertThat(p.state()).isEqualTo("PORT_ACTIVE");
            assertThat(p.gids()).isEmpty();
        });
        assertThat(dev.attributes())
                .as("the unread port's lines are not the device's")
                .doesNotContainKey("state");
        assertThat(read.notes()).extracting(LineNote::line).containsExactly(2, 3, 4);
        // Near miss: with its number read, the first port keeps its own lines.
        IbvDevices.IbvDevice both =
                parser.parse(text.replace("port:\tone", "port:\t1")).devices().get(0);
        assertThat(both.ports()).extracting(IbvDevices.IbvPort::state).containsExactly("PORT_DOWN", "PORT_ACTIVE");
        assertThat(both.ports().get(0).gids())
                .extracting(IbvDevices.IbvGid::gid)
                .containsExactly("fe80::1");
    }

    @Test
    void rdmaCore2025PortWithExtendedSpeedAndEffectiveSpeed() throws ParseException {
        IbvDevices.IbvDevice d = ParseFailures.assertReadWhole(
                        parser,
                        SampleText.fixture("ibv_devinfo", "ibv_devinfo-v-rdma-core-2025-ndr-effective-speed.txt"))
                .device("mlx5_4")
                .orElseThrow();
        assertThat(d.firmwareVersion()).isEqualTo("28.43.1014");
        assertThat(d.attributes()).containsEntry("hca_core_clock", "156250kHZ");
        IbvDevices.IbvPort p = d.ports().get(0);
        assertThat(p.activeSpeed()).isEqualTo("100.0 Gbps");
        assertThat(p.attributes()).containsEntry("effective_speed", "400.0 Gbps");
        assertThat(p.physicalState()).isEqualTo("LINK_UP");
        assertThat(p.gids())
                .extracting(IbvDevices.IbvGid::type)
                .containsExactly("RoCE v1", "RoCE v2", "RoCE v1", "RoCE v2");
        assertThat(p.gids().get(3).gid()).isEqualTo("::ffff:10.10.10.4");
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(
                RdmaFamilyFixtures.read("ibv_devinfo/ibv_devinfo-v-connectx6dx-port-gids.txt"));
    }
}
