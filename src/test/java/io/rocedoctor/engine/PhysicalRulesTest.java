package io.rocedoctor.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.facts.CounterMeaning;
import io.rocedoctor.facts.CounterRate;
import io.rocedoctor.facts.ModuleTemperature;
import io.rocedoctor.facts.PhysicalLink;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Layer 1 on the healthy dual-port host of {@link HostFacts}, with port p0's link changed one value at a time. */
class PhysicalRulesTest {
    private static final String MLXLINK = "mlxlink -d 0000:3b:00.0 -m -e -c";

    /** A healthy 100G link: 4 NRZ lanes, RS(528,514), a clean raw BER, no link down. */
    private static final class Link {
        Integer speed = 100000;
        Integer commonMax = 100000;
        List<String> advertised = List.of("100000baseCR4/Full");
        List<String> partner = List.of("100000baseCR4/Full", "50000baseCR2/Full");
        Integer peerMax;
        Integer lanes = 4;
        String signaling = "NRZ";
        String fec = "Standard RS-FEC - RS(528,514)";
        String fecCode = "rs528";
        Double raw = 2e-9;
        Double effective = 15e-255;
        Long symbolDelta = 0L;
        /** The seconds between the samples the symbol errors were counted over. */
        Double interval = 10.0;

        Long linkDowns = 0L;
        Long recoveries = 0L;
        Long carrierDelta = 0L;

        /** At 200G over four PAM4 lanes, with the RS(544,514) FEC that PAM4 needs. */
        Link pam4At200g() {
            speed = 200000;
            commonMax = 200000;
            signaling = "PAM4";
            fec = "RS-FEC(544,514)";
            fecCode = "rs544";
            return this;
        }

        /** At 10G on one lane, which needs no FEC: the BER alone decides. */
        Link oneLaneAt10gWithoutFec() {
            speed = 10000;
            commonMax = 10000;
            lanes = 1;
            effective = null;
            return withoutFec();
        }

        /** FEC off, on a raw BER so clean that only the missing FEC can be at fault. */
        Link withoutFec() {
            fec = "No FEC";
            fecCode = "none";
            raw = 1e-13;
            return this;
        }

        PhysicalLink build() {
            return new PhysicalLink(
                    "p0",
                    HostFacts.NIC,
                    speed,
                    commonMax,
                    advertised,
                    partner,
                    peerMax == null ? null : "bond0",
                    peerMax,
                    MLXLINK,
                    lanes,
                    signaling,
                    fec,
                    fecCode,
                    raw,
                    raw == null ? null : String.valueOf(raw),
                    effective,
                    effective == null ? null : String.valueOf(effective),
                    symbolDelta,
                    "rx_symbol_err_phy",
                    symbolDelta == null || interval == null ? null : symbolDelta / (speed * 1e6 * interval),
                    linkDowns,
                    recoveries,
                    812.6,
                    carrierDelta);
        }
    }

    private static Diagnosis diagnose(Object... extra) {
        HostFacts h = HostFacts.healthy();
        h.facts.addAll(List.of(extra));
        return RuleHarness.diagnose(h.facts);
    }

    @Test
    void healthyLinkHasNoFinding() {
        assertThat(RuleHarness.ids(diagnose(new Link().build()))).isEmpty();
    }

    // PHY_LINK_SPEED_DEGRADED

    @Fires("PHY_LINK_SPEED_DEGRADED")
    @Test
    void linkAt50gWhereBothEndsAdvertise100gIsDegraded() {
        Link l = new Link();
        l.speed = 50000;
        Finding f = RuleHarness.only(diagnose(l.build()), "PHY_LINK_SPEED_DEGRADED@p0");
        assertThat(f.severity()).isEqualTo("high");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.evidence()).anySatisfy(e -> assertThat(e.note()).contains("both ends can run 100000Mb/s"));
        assertThat(f.actions()).extracting(ActionProposal::action).containsExactly("phy-inspect-link");
        assertThat(f.actions().get(0).parameters()).containsExactly(java.util.Map.entry("device", "p0"));
    }

    @NearMiss("PHY_LINK_SPEED_DEGRADED")
    @Test
    void nearMissLinkAtTheHighestSpeedBothEndsAdvertiseIsNotDegraded() {
        Link l = new Link();
        l.commonMax = 50000; // the partner only offers 50G
        l.speed = 50000;
        assertThat(RuleHarness.ids(diagnose(l.build()))).isEmpty();
    }

    @Fires("PHY_LINK_SPEED_DEGRADED")
    @Test
    void bondMemberSlowerThanItsPeerIsLikelyDegraded() {
        Link l = new Link();
        l.commonMax = null;
        l.speed = 25000;
        l.peerMax = 100000;
        Finding f = RuleHarness.only(diagnose(l.build()), "PHY_LINK_SPEED_DEGRADED@p0");
        assertThat(f.confidence()).isEqualTo("likely");
        assertThat(f.scope()).contains("bond0");
    }

    @NearMiss("PHY_LINK_SPEED_DEGRADED")
    @Test
    void nearMissBondMemberAsFastAsItsPeer() {
        Link l = new Link();
        l.commonMax = null;
        l.peerMax = 100000;
        assertThat(RuleHarness.ids(diagnose(l.build()))).isEmpty();
    }

    // PHY_BER_HIGH

    @Fires("PHY_BER_HIGH")
    @Test
    void postFecBerAboveOneInATrillionIsCriticalAndConfirmed() {
        Link l = new Link();
        l.raw = 8e-5;
        l.effective = 3e-11;
        Finding f = RuleHarness.only(diagnose(l.build()), "PHY_BER_HIGH@p0");
        assertThat(f.severity()).isEqualTo("critical");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.evidence())
                .extracting(Evidence::value)
                .contains(
                        "FEC : Standard RS-FEC - RS(528,514)",
                        "Effective Physical BER : 3.0E-11",
                        "Raw Physical BER : 8.0E-5");
        assertThat(f.actions()).extracting(ActionProposal::action).containsExactly("phy-replace-cable");
    }

    @NearMiss("PHY_BER_HIGH")
    @Test
    void nearMissPostFecBerJustBelowOneInATrillion() {
        Link l = new Link();
        l.effective = 9e-13;
        assertThat(RuleHarness.ids(diagnose(l.build()))).isEmpty();
    }

    @Fires("PHY_BER_HIGH")
    @Test
    void rawBerWithinTenfoldOfTheKp4LimitIsMediumAndLikely() {
        Link l = new Link().pam4At200g();
        l.raw = 5e-5; // KP4 corrects up to ~2.4e-4; 2.4e-5 is the margin line
        Finding f = RuleHarness.only(diagnose(l.build()), "PHY_BER_HIGH@p0");
        assertThat(f.severity()).isEqualTo("medium");
        assertThat(f.confidence()).isEqualTo("likely");
        assertThat(f.evidence()).anySatisfy(e -> assertThat(e.note()).contains("little margin"));
    }

    @NearMiss("PHY_BER_HIGH")
    @Test
    void nearMissRawBerJustOutsideTheKp4Margin() {
        Link l = new Link().pam4At200g();
        l.raw = 2.3e-5;
        assertThat(RuleHarness.ids(diagnose(l.build()))).isEmpty();
    }

    @Fires("PHY_BER_HIGH")
    @Test
    void rawBerPastWhatRs528CorrectsIsCriticalEvenBeforeFramesAreLost() {
        Link l = new Link();
        l.raw = 6e-5;
        Finding f = RuleHarness.only(diagnose(l.build()), "PHY_BER_HIGH@p0");
        assertThat(f.severity()).isEqualTo("critical");
        assertThat(f.evidence()).anySatisfy(e -> assertThat(e.note()).contains("past what the FEC in force corrects"));
    }

    @Fires("PHY_BER_HIGH")
    @Test
    void symbolErrorsAboveOneInATrillionBitsReceivedAreCriticalAndConfirmed() {
        Link l = new Link();
        l.symbolDelta = 420L; // 420 in 10 s at 100 Gb/s: 4.2e-10
        Finding f = RuleHarness.only(diagnose(l.build()), "PHY_BER_HIGH@p0");
        assertThat(f.severity()).isEqualTo("critical");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.evidence()).anySatisfy(e -> {
            assertThat(e.value()).isEqualTo("rx_symbol_err_phy +420");
            assertThat(e.note()).contains("a BER of 4.20e-10, above 1.00e-12");
        });
    }

    @NearMiss("PHY_BER_HIGH")
    @Test
    void nearMissOneSymbolErrorInTenSecondsOf200gIsInsideTheTarget() {
        Link l = new Link().pam4At200g();
        l.symbolDelta = 1L; // 1 / 2e12 bits = 5e-13
        assertThat(RuleHarness.ids(diagnose(l.build()))).isEmpty();
    }

    @NearMiss("PHY_BER_HIGH")
    @Test
    void nearMissSymbolErrorsWithoutAnIntervalAreNotJudged() {
        Link l = new Link();
        l.symbolDelta = 420L;
        l.interval = null;
        assertThat(RuleHarness.ids(diagnose(l.build()))).isEmpty();
    }

    @Fires("PHY_BER_HIGH")
    @Test
    void tenSymbolErrorsInTenSecondsOf100gPassTheTarget() {
        Link l = new Link();
        l.symbolDelta = 10L; // 10 / 1e12 bits = 1e-11
        assertThat(RuleHarness.ids(diagnose(l.build()))).containsExactly("PHY_BER_HIGH@p0");
    }

    @Fires("PHY_BER_HIGH")
    @Test
    void withoutFecAnyRawBerAboveOneInATrillionIsCritical() {
        Link l = new Link().oneLaneAt10gWithoutFec();
        l.raw = 4e-11;
        Finding f = RuleHarness.only(diagnose(l.build()), "PHY_BER_HIGH@p0");
        assertThat(f.severity()).isEqualTo("critical");
    }

    @NearMiss("PHY_BER_HIGH")
    @Test
    void nearMissWithoutFecARawBerOfOneInTenTrillion() {
        Link l = new Link().oneLaneAt10gWithoutFec();
        assertThat(RuleHarness.ids(diagnose(l.build()))).isEmpty();
    }

    // PHY_FEC_OFF

    @Fires("PHY_FEC_OFF")
    @Test
    void noFecOnFourNrz25gLanesIsHighAndLikely() {
        Link l = new Link().withoutFec();
        Finding f = RuleHarness.only(diagnose(l.build()), "PHY_FEC_OFF@p0");
        assertThat(f.severity()).isEqualTo("high");
        assertThat(f.confidence()).isEqualTo("likely");
        // mlxlink shows the active FEC; the configured one, which rollback restores, is read live.
        assertThat(f.actions().get(0).parameters()).containsOnlyKeys("device").containsEntry("device", "p0");
    }

    @Fires("PHY_FEC_OFF")
    @Test
    void noFecOnPam4LanesIsConfirmed() {
        Link l = new Link().pam4At200g().withoutFec();
        assertThat(RuleHarness.only(diagnose(l.build()), "PHY_FEC_OFF@p0").confidence())
                .isEqualTo("confirmed");
    }

    @NearMiss("PHY_FEC_OFF")
    @Test
    void nearMissNoFecOn40gOverFour10gLanes() {
        Link l = new Link().withoutFec();
        l.speed = 40000;
        l.commonMax = 40000;
        assertThat(RuleHarness.ids(diagnose(l.build()))).isEmpty();
    }

    // PHY_LINK_FLAPPING

    @Fires("PHY_LINK_FLAPPING")
    @Test
    void linkDownsCountedByMlxlinkAreLikelyFlapping() {
        Link l = new Link();
        l.linkDowns = 3L;
        Finding f = RuleHarness.only(diagnose(l.build()), "PHY_LINK_FLAPPING@p0");
        assertThat(f.confidence()).isEqualTo("likely");
        assertThat(f.evidence()).anySatisfy(e -> assertThat(e.value()).isEqualTo("Link Down Counter : 3"));
        assertThat(f.actions())
                .extracting(ActionProposal::action)
                .containsExactly("phy-inspect-link", "phy-replace-cable");
    }

    @Fires("PHY_LINK_FLAPPING")
    @Test
    void carrierChangesBetweenSamplesConfirmFlapping() {
        Link l = new Link();
        l.carrierDelta = 2L;
        assertThat(RuleHarness.only(diagnose(l.build()), "PHY_LINK_FLAPPING@p0").confidence())
                .isEqualTo("confirmed");
    }

    @NearMiss("PHY_LINK_FLAPPING")
    @Test
    void nearMissNoLinkDownNoRecoveryNoCarrierChange() {
        Link l = new Link();
        l.linkDowns = 0L;
        l.recoveries = 0L;
        l.carrierDelta = 0L;
        assertThat(RuleHarness.ids(diagnose(l.build()))).isEmpty();
    }

    // PHY_CRC_ERRORS

    @Fires("PHY_CRC_ERRORS")
    @Test
    void crcErrorsRisingBetweenSamplesAreConfirmed() {
        Finding f = RuleHarness.only(
                diagnose(new CounterRate(
                        "p0", "rx_crc_errors_phy", CounterMeaning.RX_CRC_ERROR, 10, 160, 150, 15.0, false, false)),
                "PHY_CRC_ERRORS@p0");
        assertThat(f.severity()).isEqualTo("high");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.evidence())
                .extracting(Evidence::value)
                .containsExactly("rx_crc_errors_phy +150 in the interval (15/s)", "100 Gb/s");
    }

    @Test
    void oneCorruptedFrameInTenSecondsOfA100GLinkIsWithinTheBerLimitAndOnlyLow() {
        Finding f = RuleHarness.only(
                diagnose(new CounterRate(
                        "p0", "rx_crc_errors_phy", CounterMeaning.RX_CRC_ERROR, 10, 11, 1, 0.1, false, false)),
                "PHY_CRC_ERRORS@p0");
        assertThat(f.severity()).isEqualTo("low");
    }

    @Fires("PHY_CRC_ERRORS")
    @Test
    void crcErrorsFromOneSampleAreOnlyPossibleAndSaySo() {
        Finding f = RuleHarness.only(
                diagnose(new CounterRate(
                        "p0", "rx_crc_errors_phy", CounterMeaning.RX_CRC_ERROR, 37, 37, 37, null, true, false)),
                "PHY_CRC_ERRORS@p0");
        assertThat(f.confidence()).isEqualTo("possible");
        assertThat(f.evidence().get(0).value()).contains("since boot (one sample)");
    }

    @NearMiss("PHY_CRC_ERRORS")
    @Test
    void nearMissRisingSymbolErrorsAreNoCrcErrors() {
        // Symbol errors are PHY_BER_HIGH's, judged against the bits received, not "any increase".
        assertThat(RuleHarness.ids(diagnose(new CounterRate(
                        "p0", "rx_symbol_err_phy", CounterMeaning.RX_SYMBOL_ERROR, 10, 11, 1, 0.1, false, false))))
                .isEmpty();
    }

    @NearMiss("PHY_CRC_ERRORS")
    @Test
    void nearMissOldCrcErrorsThatNoLongerRise() {
        assertThat(RuleHarness.ids(diagnose(new CounterRate(
                        "p0", "rx_crc_errors_phy", CounterMeaning.RX_CRC_ERROR, 160, 160, 0, 0.0, false, false))))
                .isEmpty();
    }

    @Test
    void crcRuleIsACounterRuleTheAuditProfileDoesNotEvaluate() {
        HostFacts h = HostFacts.healthy();
        h.facts.add(new CounterRate(
                "p0", "rx_crc_errors_phy", CounterMeaning.RX_CRC_ERROR, 10, 160, 150, 15.0, false, false));
        Diagnosis d = RuleHarness.diagnose(h.facts, "audit");
        assertThat(RuleHarness.ids(d)).isEmpty();
        assertThat(d.notEvaluated()).extracting(NotEvaluated::rule).contains("PHY_CRC_ERRORS");
    }

    // PHY_MODULE_HOT

    @Fires("PHY_MODULE_HOT")
    @Test
    void moduleOverItsWarningThresholdIsMediumAndConfirmed() {
        Finding f = RuleHarness.only(
                diagnose(new ModuleTemperature("p0", 76.5, 75.0, 80.0, "ethtool -m p0")), "PHY_MODULE_HOT@p0");
        assertThat(f.severity()).isEqualTo("medium");
        assertThat(f.confidence()).isEqualTo("confirmed");
        assertThat(f.evidence()).extracting(Evidence::value).containsExactly("76.5 C", "75 C");
        assertThat(f.actions()).extracting(ActionProposal::action).containsExactly("phy-check-cooling");
    }

    @Fires("PHY_MODULE_HOT")
    @Test
    void moduleAtItsAlarmThresholdIsHigh() {
        assertThat(RuleHarness.only(
                                diagnose(new ModuleTemperature("p0", 80.0, 75.0, 80.0, "ethtool -m p0")),
                                "PHY_MODULE_HOT@p0")
                        .severity())
                .isEqualTo("high");
    }

    @NearMiss("PHY_MODULE_HOT")
    @Test
    void nearMissModuleJustUnderItsWarningThreshold() {
        assertThat(RuleHarness.ids(diagnose(new ModuleTemperature("p0", 74.9, 75.0, 80.0, "ethtool -m p0"))))
                .isEmpty();
    }

    @Fires("PHY_MODULE_HOT")
    @Test
    void moduleWithoutThresholdsIsJudgedAgainstTheProfileAndOnlyLikely() {
        Finding f =
                RuleHarness.only(diagnose(new ModuleTemperature("p0", 71.0, null, null, MLXLINK)), "PHY_MODULE_HOT@p0");
        assertThat(f.confidence()).isEqualTo("likely");
    }

    @NearMiss("PHY_MODULE_HOT")
    @Test
    void nearMissModuleWithoutThresholdsBelowTheProfileDefault() {
        assertThat(RuleHarness.ids(diagnose(new ModuleTemperature("p0", 69.0, null, null, MLXLINK))))
                .isEmpty();
    }
}
