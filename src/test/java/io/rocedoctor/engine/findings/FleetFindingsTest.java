package io.rocedoctor.engine.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.Evidence;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.fleet.HostRate;
import io.rocedoctor.fleet.RateSpread;
import io.rocedoctor.fleet.ValueSpread;
import java.util.List;
import org.junit.jupiter.api.Test;

class FleetFindingsTest {
    private static final ValueSpread FIRMWARE = new ValueSpread(
            "nic-version",
            "ConnectX-6 Dx",
            2,
            List.of(
                    new ValueSpread.Variant("22.36.1010, 5.8", List.of("h1", "h2", "h3")),
                    new ValueSpread.Variant("22.31.1014, 5.4", List.of("h4"))));

    @Test
    void eachFirmwareVariantIsEvidenceWithItsHosts() {
        Finding f = FleetFindings.firmwareDrift(FIRMWARE).build("FLEET_FIRMWARE_DRIFT");
        assertThat(f.scope()).isEmpty();
        assertThat(f.evidence())
                .containsExactly(
                        new Evidence(
                                "ethtool -i (firmware-version, version)", "22.36.1010, 5.8", "3 host(s): h1, h2, h3"),
                        new Evidence("ethtool -i (firmware-version, version)", "22.31.1014, 5.4", "1 host(s): h4"));
        assertThat(f.actions()).isEmpty();
    }

    @Test
    void aConfigurationVariantIsNamedByTheSetting() {
        ValueSpread trust = new ValueSpread(
                "config",
                "trust (mlnx_qos)",
                2,
                List.of(new ValueSpread.Variant("dscp", List.of("h1")), new ValueSpread.Variant("pcp", List.of("h2"))));
        assertThat(FleetFindings.configDrift(trust).build("FLEET_CONFIG_DRIFT").evidence())
                .extracting(Evidence::source)
                .containsOnly("trust (mlnx_qos)");
    }

    @Test
    void anOutlierIsNamedByHostAndMetricAndSaysTheFactorItPassed() {
        Finding f = FleetFindings.outlierHost(
                        new HostRate("h3", "pause", 5000.0),
                        new RateSpread("pause", 12.5, 5),
                        ProfileThresholds.of("throughput"))
                .build("FLEET_OUTLIER_HOST");
        assertThat(f.subject()).isEqualTo("h3:pause");
        assertThat(f.confidence()).isEqualTo("likely");
        assertThat(f.evidence())
                .containsExactly(
                        new Evidence("pause per second", "5000", "on h3, summed over its ports"),
                        new Evidence("fleet median", "12.5", "over 5 hosts; flagged above 10x the median"));
    }
}
