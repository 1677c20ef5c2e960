package io.rocedoctor.parse;

import static io.rocedoctor.parse.ParseFailures.assertFailsAt;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class MlnxQosParserTest {
    private final MlnxQosParser parser = new MlnxQosParser();

    @Test
    void javadocExample() throws Exception {
        MlnxQos q = parser.parse(JavadocExample.of(MlnxQosParser.class));
        assertThat(q.trust()).isEqualTo("dscp");
        assertThat(q.dscpPriority()).containsEntry(26, 3);
        assertThat(q.pfcPriorities()).containsExactly(3);
        assertThat(q.priorityBuffer()).containsEntry(3, 1);
        assertThat(q.priorityTrafficClass()).containsEntry(1, 0).containsEntry(3, 3);
    }

    @Test
    void newerOutputWithBuffersAndEts() throws Exception {
        MlnxQos q = parser.parse(RdmaFamilyFixtures.read("mlnx_qos/mlnx_qos-i-ens2f0np0-dscp-buffers-ets.txt"));
        assertThat(q.dcbxMode()).isEqualTo("OS controlled");
        assertThat(q.trust()).isEqualTo("dscp");
        assertThat(q.dscpPriority()).hasSize(64).containsEntry(0, 0).containsEntry(46, 5).containsEntry(63, 7);
        assertThat(q.receiveBufferBytes()).containsExactly(130944L, 261888L, 0L, 0L, 0L, 0L, 0L, 0L);
        assertThat(q.cableLength()).isEqualTo(7);
        assertThat(q.pfcEnabled()).containsExactly(false, false, false, true, false, false, false, false);
        assertThat(q.priorityBuffer()).hasSize(8).containsEntry(3, 1).containsEntry(0, 0);
        assertThat(q.trafficClasses()).hasSize(4);
        MlnxQos.TrafficClass tc3 = q.trafficClasses().get(1);
        assertThat(tc3.tc()).isEqualTo(3);
        assertThat(tc3.tsa()).isEqualTo("ets");
        assertThat(tc3.bandwidthPercent()).isEqualTo(50);
        assertThat(tc3.rateLimit()).isEqualTo("unlimited");
        assertThat(tc3.priorities()).containsExactly(3);
        MlnxQos.TrafficClass strict = q.trafficClasses().get(2);
        assertThat(strict.tsa()).isEqualTo("strict");
        assertThat(strict.bandwidthPercent()).isNull();
        assertThat(q.priorityTrafficClass()).isEqualTo(Map.of(0, 0, 1, 0, 2, 0, 3, 3, 4, 7, 5, 7, 6, 6, 7, 7));
    }

    @Test
    void olderOutputWithPcpTrustAndEtsTitle() throws Exception {
        MlnxQos q = parser.parse(RdmaFamilyFixtures.read("mlnx_qos/mlnx_qos-i-eth2-pcp-older-ets-title.txt"));
        assertThat(q.dcbxMode()).isNull();
        assertThat(q.trust()).isEqualTo("pcp");
        assertThat(q.dscpPriority()).isEmpty();
        assertThat(q.receiveBufferBytes()).isEmpty();
        assertThat(q.cableLength()).isNull();
        assertThat(q.pfcPriorities()).containsExactly(4);
        assertThat(q.priorityBuffer()).isEmpty();
        assertThat(q.trafficClasses()).hasSize(8);
        assertThat(q.trafficClasses().get(0).tsa()).isEqualTo("vendor");
        assertThat(q.priorityTrafficClass()).containsEntry(0, 1).containsEntry(1, 0).containsEntry(7, 7);
    }

    @Test
    void malformedInputs() {
        assertFailsAt(parser, "", 0);
        assertFailsAt(parser, RdmaFamilyFixtures.read("mlnx_qos/mlnx_qos-i-ens5f1-bad-enabled-row.txt"), 5);
        assertFailsAt(parser, "Traceback (most recent call last):\n  File \"/usr/bin/mlnx_qos\"\n", 1);
        assertFailsAt(parser, "Priority trust state: pcp\n\t priority:  3\n", 2);
        assertFailsAt(parser, "Priority trust state: pcp\nCable len: 99999999999999999999999\n", 2);
    }

    @Property(tries = 200)
    void survivesHostileText(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() {
        return ParserFuzz.randomOrMutated(RdmaFamilyFixtures.read("mlnx_qos/mlnx_qos-i-ens2f0np0-dscp-buffers-ets.txt"));
    }
}
