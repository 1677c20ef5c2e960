package io.rocedoctor.engine.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.ActionProposal;
import io.rocedoctor.engine.Evidence;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.CongestionCounters;
import io.rocedoctor.facts.CounterMeaning;
import io.rocedoctor.facts.EcnState;
import io.rocedoctor.facts.PriorityPause;
import io.rocedoctor.facts.RocePriority;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the congestion findings say, from the facts their rules matched. */
class CongestionFindingsTest {
    private static final RocePriority ROCE =
            new RocePriority("ens3f0np0", "0000:c1:00", 3, false, "ToS 106 -> priority 3");
    /** bnxt_re before kernel 6.14 names its DCQCN counters its own way, and counts no CNP ignored. */
    private static final Map<CounterMeaning, String> BNXT_RE = Map.of(
            CounterMeaning.ECN_MARKED,
            "rx_ecn_marked_pkts",
            CounterMeaning.CNP_SENT,
            "tx_cnp_pkts",
            CounterMeaning.CNP_HANDLED,
            "rx_cnp_pkts");

    private static CongestionCounters bnxtRe(long marked, long sent, long handled) {
        return new CongestionCounters(
                "bnxt_re0", 1, "ens3f0np0", "0000:c1:00", marked, sent, handled, null, 10.0, false, BNXT_RE);
    }

    private static List<String> values(Finding f) {
        return f.evidence().stream().map(Evidence::value).toList();
    }

    @Test
    void marksWithoutCnpsNameTheDriversCountersAndTheirMovement() {
        Finding f = CongestionFindings.cnpLoopBroken(bnxtRe(1200, 0, 900), List.of(), List.of())
                .build("CNP_LOOP_BROKEN");
        assertThat(f.evidence()).extracting(Evidence::source).containsOnly("rdma statistic show link bnxt_re0/1");
        assertThat(values(f)).containsExactly("rx_ecn_marked_pkts +1200", "tx_cnp_pkts +0");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.scope()).containsExactlyInAnyOrder("ens3f0np0", "bnxt_re0/1", "0000:c1:00");
    }

    @Test
    void withBnxtReCongestionControlOffTheLoopIsClosedByItsConfigfsSwitch() {
        EcnState off = EcnState.deviceWide(
                "ens3f0np0", false, "/sys/kernel/config/bnxt_re/bnxt_re0/ports/1/cc/ecn_enable", "bnxt_re0", 1);
        Finding f = CongestionFindings.cnpLoopBroken(bnxtRe(1200, 0, 900), List.of(ROCE), List.of(off))
                .build("CNP_LOOP_BROKEN");
        assertThat(f.actions())
                .containsExactly(new ActionProposal(
                        "bnxt-re-ecn-enable", Map.of("ibdev", "bnxt_re0", "port", "1", "current", "0")));
        assertThat(values(f)).endsWith("0");
    }

    @Test
    void nearMissWithDcqcnAlreadyOnNothingIsProposed() {
        EcnState on = new EcnState("ens3f0np0", Map.of(3, true), Map.of(3, true));
        Finding f = CongestionFindings.cnpLoopBroken(bnxtRe(1200, 0, 900), List.of(ROCE), List.of(on))
                .build("CNP_LOOP_BROKEN");
        assertThat(f.actions()).isEmpty();
        assertThat(f.evidence())
                .last()
                .satisfies(e -> assertThat(e.note()).startsWith("DCQCN is enabled on priority 3"));
    }

    @Test
    void pfcDominatingEcnShowsOnlyTheCnpCountersTheDeviceHas() {
        CongestionCounters handledOnly = new CongestionCounters(
                "irdma0",
                1,
                "ens3f0np0",
                "0000:c1:00",
                0L,
                null,
                0L,
                0L,
                10.0,
                false,
                Map.of(CounterMeaning.CNP_HANDLED, "cnpHandled"));
        PriorityPause pause =
                new PriorityPause("ens3f0np0", "0000:c1:00", 3, "rx", "rx_prio3_pause", 4000, 400.0, 0.03, false);
        Finding f = CongestionFindings.pfcDominatesEcn(ROCE, pause, handledOnly, List.of())
                .build("PFC_DOMINATES_ECN");
        assertThat(values(f)).containsExactly("rx_prio3_pause +4000", "cnpHandled +0");
        assertThat(f.actions()).extracting(ActionProposal::action).containsExactly("ecn-enable");
    }

    @Test
    void ecnOffOnTheRocePriorityShowsBothMlx5Switches() {
        EcnState npOff = new EcnState("ens3f0np0", Map.of(3, false), Map.of(3, true));
        Finding f = CongestionFindings.ecnDisabled(ROCE, npOff).build("ECN_DISABLED_ON_ROCE_PRIO");
        assertThat(values(f)).containsExactly("3", "0", "1");
        assertThat(f.actions())
                .containsExactly(new ActionProposal("ecn-enable", Map.of("device", "ens3f0np0", "priority", "3")));
    }
}
