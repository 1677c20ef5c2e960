package io.rocedoctor.parse;

import static io.rocedoctor.parse.ParseFailures.assertFailsAt;
import static io.rocedoctor.parse.ParseFailures.assertNotedAt;
import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class MlxconfigParserTest {
    private final MlxconfigParser parser = new MlxconfigParser();

    @Test
    void javadocExample() throws Exception {
        MlxconfigQuery q = parser.parse(JavadocExample.of(MlxconfigParser.class));
        assertThat(q.deviceType()).isEqualTo("ConnectX5");
        assertThat(q.device()).isEqualTo("/dev/mst/mt4119_pciconf0");
        assertThat(q.value("LINK_TYPE_P1").orElseThrow().number()).isEqualTo(2L);
        assertThat(q.value("NUM_OF_VFS").orElseThrow().number()).isEqualTo(16L);
    }

    @Test
    void queryWithStarredRows() throws Exception {
        MlxconfigQuery q = parser.parse(RdmaFamilyFixtures.read("mlxconfig/mlxconfig-q-connectx5-roce-cc-starred.txt"));
        assertThat(q.name()).isEqualTo("MCX516A-CCA_Ax");
        assertThat(q.description()).startsWith("ConnectX-5 EN network interface card; 100GbE");
        assertThat(q.parameters()).hasSize(17);
        MlxconfigQuery.Parameter sriov = q.parameters().get("SRIOV_EN");
        assertThat(sriov.nextBoot().raw()).isEqualTo("True(1)");
        assertThat(sriov.nextBoot().flag()).contains(true);
        assertThat(sriov.current()).isNull();
        assertThat(sriov.effective()).isSameAs(sriov.nextBoot());
        assertThat(q.value("ROCE_CC_PRIO_MASK_P1").orElseThrow().number()).isEqualTo(255L);
        assertThat(q.value("CNP_DSCP_P1").orElseThrow().number()).isEqualTo(24L);
        assertThat(q.value("CNP_802P_PRIO_P1").orElseThrow().number()).isEqualTo(3L);
        assertThat(q.value("ROCE_NEXT_PROTOCOL").orElseThrow().number()).isEqualTo(254L);
        assertThat(q.value("NUM_OF_PFC_P1").orElseThrow().number()).isEqualTo(8L);
        assertThat(q.value("LLDP_NB_DCBX_P1").orElseThrow().flag()).contains(false);
        assertThat(q.value("ROCE_CC_ALGORITHM_P1").orElseThrow().label()).isEqualTo("ECN");
        assertThat(q.value("PF_BAR2_SIZE").orElseThrow().number()).isZero();
        MlxconfigQuery.Value array = q.value("HOST_CHAINING_DESCRIPTORS").orElseThrow();
        assertThat(array.number()).isNull();
        assertThat(array.label()).isEqualTo("Array[0..7]");
        assertThat(array.flag()).isEmpty();
        assertThat(q.value("NO_SUCH_PARAMETER")).isEmpty();
    }

    @Test
    void defaultCurrentNextBootColumns() throws Exception {
        MlxconfigQuery q = parser.parse(
                RdmaFamilyFixtures.read("mlxconfig/mlxconfig-e-q-connectx6dx-default-current-nextboot.txt"));
        assertThat(q.device()).isEqualTo("0000:98:00.0");
        MlxconfigQuery.Parameter vfs = q.parameters().get("NUM_OF_VFS");
        assertThat(vfs.defaultValue().number()).isEqualTo(8L);
        assertThat(vfs.current().number()).isEqualTo(8L);
        assertThat(vfs.nextBoot().number()).isEqualTo(32L);
        assertThat(vfs.effective().number()).isEqualTo(8L);
        assertThat(q.parameters().get("CNP_DSCP_P1").nextBoot().number()).isEqualTo(26L);
        MlxconfigQuery.Value burst = q.value("TX_SCHEDULER_BURST").orElseThrow();
        assertThat(burst.label()).isEqualTo("DEVICE_DEFAULT");
        assertThat(burst.number()).isZero();
    }

    @Test
    void setRunWithNewColumnAndPrompt() throws Exception {
        MlxconfigQuery q =
                parser.parse(RdmaFamilyFixtures.read("mlxconfig/mlxconfig-set-ROCE_CC_PRIO_MASK_P1-connectx6dx.txt"));
        assertThat(q.parameters()).containsOnlyKeys("ROCE_CC_PRIO_MASK_P1", "CNP_DSCP_P1");
        MlxconfigQuery.Parameter mask = q.parameters().get("ROCE_CC_PRIO_MASK_P1");
        assertThat(mask.nextBoot().number()).isEqualTo(255L);
        assertThat(mask.newValue().number()).isEqualTo(8L);
        assertThat(mask.defaultValue()).isNull();
    }

    @Test
    void malformedInputs() {
        assertFailsAt(parser, "  \n", 0);
        assertFailsAt(parser, "mlxconfig: command not found\n", 1);
        assertFailsAt(parser, "-E- Failed to open the device\n", 1);
        // a bad row is a note; the other rows stand
        MlxconfigQuery q = assertNotedAt(
                parser,
                "Configurations:    Next Boot\n   NUM_OF_VFS  8  16\n   SRIOV_EN  True(1)\n",
                2,
                "2 values for 1 columns");
        assertThat(q.parameters()).containsOnlyKeys("SRIOV_EN");
        assertNotedAt(
                parser,
                "Configurations:    Next Boot\n   NUM_OF_VFS  99999999999999999999999\n",
                2,
                "not a whole number");
    }

    @Test
    void anErrorLineIsANoteAndTheRowsPrintedStand() {
        MlxconfigQuery q = assertNotedAt(
                parser,
                "Device #1:\n----------\n\nDevice type:    ConnectX6DX\n"
                        + "Device:         0000:3b:00.0\n\nConfigurations:                Next Boot\n        SRIOV_EN      True(1)\n"
                        + "-E- Failed to query parameter: ROCE_ADAPTIVE_ROUTING_EN\n        NUM_OF_VFS    8\n",
                9,
                "mlxconfig error: -E- Failed");
        assertThat(q.parameters()).containsOnlyKeys("SRIOV_EN", "NUM_OF_VFS");
    }

    @Test
    void everyDeviceOfAQueryWithoutDeviceReadsAsTheFirst() {
        String text = "Device #1:\n----------\n\nDevice type:    ConnectX7\nDevice:         0000:17:00.0\n\n"
                + "Configurations:                Next Boot\n        CNP_DSCP_P1   48\n\n"
                + "Device #2:\n----------\n\nDevice type:    BlueField3\nDevice:         0000:ca:00.0\n\n"
                + "Configurations:                Next Boot\n        CNP_DSCP_P1   26\n        NUM_OF_VFS    4\n";
        MlxconfigQuery q = assertNotedAt(parser, text, 10, "a second device");
        assertThat(q.deviceType()).isEqualTo("ConnectX7");
        assertThat(q.device()).isEqualTo("0000:17:00.0");
        assertThat(q.parameters()).containsOnlyKeys("CNP_DSCP_P1");
        assertThat(q.parameters().get("CNP_DSCP_P1").nextBoot().number()).isEqualTo(48L);
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(
                RdmaFamilyFixtures.read("mlxconfig/mlxconfig-e-q-connectx6dx-default-current-nextboot.txt"));
    }
}
