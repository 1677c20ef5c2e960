package io.rocedoctor.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.facts.Nic;
import io.rocedoctor.facts.Port;
import io.rocedoctor.facts.PortQos;
import io.rocedoctor.facts.RdmaDevice;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** RoCE rules judge only ports and NICs that carry an RDMA device; generic rules judge every NIC. */
class RoceRulesNeedAnRdmaDeviceTest {
    private static final String PLAIN_NIC = "0000:00:03";

    @Test
    void aHostWithoutAnyRdmaDeviceHasItsRoceRulesNotEvaluated() {
        Diagnosis d = QosHost.healthy()
                .replace(PortQos.class, QosHost.qos("dscp", List.of(3, 4, 5)))
                .without(RdmaDevice.class)
                .diagnose();

        assertThat(RuleHarness.ids(d)).isEmpty();
        assertThat(d.notEvaluated())
                .filteredOn(n -> n.rule().equals("PFC_TOO_MANY_PRIOS"))
                .extracting(NotEvaluated::reason)
                .containsExactly(RuleEngine.NO_RDMA_DEVICE);
        assertThat(d.evaluatedRules()).doesNotContain("PFC_TOO_MANY_PRIOS").contains("IRQ_CROSS_NUMA");
    }

    @Test
    void nearMissTheSameHostWithItsRdmaDeviceIsJudged() {
        Diagnosis d = QosHost.healthy()
                .replace(PortQos.class, QosHost.qos("dscp", List.of(3, 4, 5)))
                .diagnose();

        assertThat(RuleHarness.ids(d)).containsExactly("PFC_TOO_MANY_PRIOS@p0");
        assertThat(d.notEvaluated()).extracting(NotEvaluated::rule).doesNotContain("PFC_TOO_MANY_PRIOS");
    }

    @Test
    void aPlainNicBesideAnRdmaNicIsLeftOutOfTheRoceRulesAndSaidSo() {
        QosHost host = QosHost.healthy()
                .replace(PortQos.class, QosHost.qos("dscp", List.of(3)))
                .with(new Nic(PLAIN_NIC, "Virtio network device", "virtio_net", null, -1, List.of("eth0"), 0))
                .with(new Port("eth0", PLAIN_NIC, PLAIN_NIC + ".0", null, 1500, -1, null))
                .with(new PortQos(
                        "eth0",
                        "pcp",
                        List.of(0, 1, 2, 3),
                        Map.of(),
                        Map.of(),
                        Map.of(),
                        List.of(),
                        "dcb pfc show dev eth0"));

        Diagnosis d = host.diagnose();

        assertThat(RuleHarness.ids(d)).doesNotContain("PFC_TOO_MANY_PRIOS@eth0");
        assertThat(d.notEvaluated())
                .filteredOn(n -> n.rule().equals("PFC_TOO_MANY_PRIOS"))
                .extracting(NotEvaluated::reason)
                .containsExactly("not judged on eth0: no RDMA device there");
    }
}
