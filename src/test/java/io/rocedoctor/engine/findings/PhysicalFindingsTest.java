package io.rocedoctor.engine.findings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.rocedoctor.engine.ActionProposal;
import io.rocedoctor.engine.Evidence;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.facts.CounterMeaning;
import io.rocedoctor.facts.CounterRate;
import io.rocedoctor.facts.ModuleTemperature;
import io.rocedoctor.facts.PhysicalLink;
import io.rocedoctor.facts.Port;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the physical link findings say, on port ens1f0np0 of NIC 0000:3b:00, from the facts their rules matched. */
class PhysicalFindingsTest {
    private static final String MLXLINK = "mlxlink -d 0000:3b:00.0 -m -e -c";
    private static final Port PORT = new Port("ens1f0np0", "0000:3b:00", "0000:3b:00.0", 100000, 9000, 0, null);

    /** A link of ens1f0np0; the speeds, lanes, signaling, FEC and flap counters are each test's. */
    private static PhysicalLink link(
            int speed,
            Integer commonMax,
            Integer peerMax,
            Integer lanes,
            String signaling,
            String fec,
            Long linkDowns,
            Long carrierChanges) {
        return new PhysicalLink(
                "ens1f0np0",
                "0000:3b:00",
                speed,
                commonMax,
                List.of("25000baseCR/Full", "100000baseCR4/Full"),
                List.of("100000baseCR4/Full"),
                peerMax == null ? null : "bond0",
                peerMax,
                MLXLINK,
                lanes,
                signaling,
                fec,
                "No FEC".equals(fec) ? "none" : "rs528",
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                linkDowns,
                0L,
                812.0,
                carrierChanges);
    }

    /** Another member of bond0, with link at {@code speed}. */
    private static Port member(String name, int speed) {
        return new Port(name, "0000:3b:00", "0000:3b:00.1", speed, 9000, 0, "bond0");
    }

    private static Finding build(Finding.Builder f) {
        return f.build("TEST_RULE");
    }

    private static List<String> values(Finding f) {
        return f.evidence().stream().map(Evidence::value).toList();
    }

    @Test
    void speedBelowWhatBothEndsAdvertiseQuotesEthtoolsModesAndIsConfirmed() {
        Finding f = build(PhysicalFindings.speedDegraded(link(25000, 100000, null, 4, "NRZ", "RS", 0L, 0L), List.of()));
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.evidence()).extracting(Evidence::source).containsOnly("ethtool ens1f0np0");
        assertThat(values(f))
                .containsExactly("Speed: 25000Mb/s", "25000baseCR/Full 100000baseCR4/Full", "100000baseCR4/Full");
        assertThat(f.evidence().get(2).note()).endsWith("both ends can run 100000Mb/s");
        assertThat(f.actions()).containsExactly(new ActionProposal("phy-inspect-link", Map.of("device", "ens1f0np0")));
    }

    @Test
    void nearMissOnlyAFasterBondMemberIsLikelyAndItsEthtoolIsQuotedNotTheModes() {
        Finding f = build(PhysicalFindings.speedDegraded(
                link(25000, 25000, 100000, 4, "NRZ", "RS", 0L, 0L), List.of(member("ens1f1np1", 100000))));
        assertThat(f.confidence()).isEqualTo("likely");
        assertThat(f.scope()).contains("bond0");
        assertThat(f.evidence())
                .extracting(Evidence::source, Evidence::value)
                .containsExactly(
                        tuple("ethtool ens1f0np0", "Speed: 25000Mb/s"),
                        tuple("ethtool ens1f1np1", "Speed: 100000Mb/s"));
    }

    @Test
    void membersTiedForFastestAreAllNamed() {
        Finding f = build(PhysicalFindings.speedDegraded(
                link(25000, 25000, 100000, 4, "NRZ", "RS", 0L, 0L),
                List.of(member("ens2f0np0", 100000), member("ens1f1np1", 100000))));
        assertThat(f.evidence().get(1).source()).isEqualTo("ethtool ens1f1np1, ens2f0np0");
    }

    @Test
    void noFecOnPam4LanesQuotesMlxlinksFecLineAndIsConfirmed() {
        Finding f = build(PhysicalFindings.fecOff(link(200000, 200000, null, 4, "PAM4", "No FEC", 0L, 0L)));
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.evidence()).extracting(Evidence::source).containsExactly(MLXLINK, "ethtool ens1f0np0");
        assertThat(values(f)).containsExactly("FEC : No FEC", "Speed: 200000Mb/s");
        assertThat(f.evidence().get(1).note()).isEqualTo("over 4 lanes, PAM4 lanes that need RS-FEC");
        assertThat(f.actions()).extracting(ActionProposal::action).containsExactly("phy-enable-rs-fec");
    }

    @Test
    void nearMissNoFecOnNrzLanesOfUnknownModulationIsOnlyLikely() {
        Finding f = build(PhysicalFindings.fecOff(link(100000, 100000, null, 4, null, "No FEC", 0L, 0L)));
        assertThat(f.confidence()).isEqualTo("likely");
        assertThat(f.evidence().get(1).note()).isEqualTo("over 4 lanes, lanes that need RS-FEC");
    }

    @Test
    void carrierChangesBetweenSamplesConfirmAFlap() {
        Finding f = build(PhysicalFindings.flapping(link(100000, 100000, null, 4, "NRZ", "RS", 0L, 2L)));
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(values(f)).containsExactly("carrier changes +2");
        assertThat(f.evidence().get(0).note()).isEqualTo("the carrier of ens1f0np0 changed between samples");
        assertThat(f.actions())
                .extracting(ActionProposal::action)
                .containsExactly("phy-inspect-link", "phy-replace-cable");
    }

    @Test
    void nearMissLinkDownsCountedSinceTheLastClearAreOnlyLikely() {
        Finding f = build(PhysicalFindings.flapping(link(100000, 100000, null, 4, "NRZ", "RS", 3L, 0L)));
        assertThat(f.confidence()).isEqualTo("likely");
        assertThat(values(f)).containsExactly("Link Down Counter : 3");
        assertThat(f.evidence().get(0).note())
                .isEqualTo("the link went down in the 812 minutes since the counters were cleared");
    }

    @Test
    void crcErrorsRisingBetweenSamplesNameTheCounterAsEthtoolPrintedIt() {
        CounterRate crc = new CounterRate(
                "ens1f0np0", "rx_crc_errors_phy", CounterMeaning.RX_CRC_ERROR, 10, 130, 120, 12.0, false, false);
        Finding f = build(PhysicalFindings.crcErrors(PORT, List.of(crc), ProfileThresholds.of("throughput")));
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.severity()).as("the rule's default, high").isNull();
        assertThat(f.evidence())
                .containsExactly(
                        new Evidence(
                                "ethtool -S ens1f0np0",
                                "rx_crc_errors_phy +120 in the interval (12/s)",
                                "corrupted frames received"),
                        new Evidence(
                                "ethtool ens1f0np0",
                                "100 Gb/s",
                                "at least one bit error per corrupted frame: a BER of at least 1.20e-10, above"
                                        + " phy.effectiveBerMax 1.00e-12"));
        assertThat(f.actions()).containsExactly(new ActionProposal("phy-replace-cable", Map.of("device", "ens1f0np0")));
    }

    @Test
    void nearMissOneCorruptedFrameInTenSecondsOfA200GLinkIsWithinTheBerLimitAndOnlyLow() {
        Port fast = new Port("ens1f0np0", "0000:3b:00", "0000:3b:00.0", 200000, 9000, 0, null);
        CounterRate crc = new CounterRate(
                "ens1f0np0", "rx_crc_errors_phy", CounterMeaning.RX_CRC_ERROR, 10, 11, 1, 0.1, false, false);
        Finding f = build(PhysicalFindings.crcErrors(fast, List.of(crc), ProfileThresholds.of("throughput")));
        assertThat(f.severity()).isEqualTo("low");
        assertThat(f.evidence().get(1).note())
                .isEqualTo("at least one bit error per corrupted frame: a BER of at least 5.00e-13, within"
                        + " phy.effectiveBerMax 1.00e-12");
    }

    @Test
    void nearMissCrcErrorsOfOneSampleAreOnlyPossibleAndSaySo() {
        CounterRate crc =
                new CounterRate("ens1f0np0", "rx_crc_errors", CounterMeaning.RX_CRC_ERROR, 0, 7, 7, null, true, false);
        Finding f = build(PhysicalFindings.crcErrors(PORT, List.of(crc), ProfileThresholds.of("throughput")));
        assertThat(f.severity()).as("no rate to judge: the rule's default").isNull();
        assertThat(f.confidence()).isEqualTo("possible");
        assertThat(f.evidence())
                .containsExactly(new Evidence(
                        "ethtool -S ens1f0np0",
                        "rx_crc_errors 7 since boot (one sample)",
                        "absolute count: one sample cannot show whether it still rises"));
    }

    @Test
    void aModuleAtItsAlarmThresholdIsHighAndQuotesBothThresholds() {
        ModuleTemperature m = new ModuleTemperature("ens1f0np0", 80.5, 70.0, 80.0, "ethtool -m ens1f0np0");
        Finding f = build(PhysicalFindings.moduleHot(m, PORT, ProfileThresholds.of("throughput")));
        assertThat(f.severity()).isEqualTo("high");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.evidence()).extracting(Evidence::source).containsOnly("ethtool -m ens1f0np0");
        assertThat(values(f)).containsExactly("80.5 C", "70 C", "80 C");
    }

    @Test
    void nearMissAModuleWithoutThresholdsIsJudgedOnTheProfilesAndStaysAtTheRulesSeverity() {
        ModuleTemperature m = new ModuleTemperature("ens1f0np0", 76.0, null, null, MLXLINK);
        Finding f = build(PhysicalFindings.moduleHot(m, PORT, ProfileThresholds.of("throughput")));
        assertThat(f.severity()).isNull();
        assertThat(f.confidence()).isEqualTo("likely");
        assertThat(f.evidence().get(1).source()).isEqualTo("profile");
        assertThat(f.evidence().get(1).note()).isEqualTo("phy.moduleHotCelsius: the module publishes no threshold");
    }
}
