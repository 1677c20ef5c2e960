package io.rocedoctor.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** How a report says its samples' interval: as {@code %.1f} would, without a Formatter for the usual ones. */
class SamplingTest {
    private static Report.BundleInfo sampled(int samples, Double interval) {
        return new Report.BundleInfo("b", "roce-doctor", "host", samples, interval, List.of());
    }

    @Test
    void twoSamplesTenSecondsApart() {
        assertThat(sampled(2, 10.0).sampling()).isEqualTo("2 samples 10.0 s apart");
        assertThat(sampled(1, null).sampling()).isEqualTo("1 sample");
    }

    @Test
    void nearMissIntervalsBetweenTenthsAreRoundedAsFormatRoundsThem() {
        assertThat(Report.tenths(0.15)).isEqualTo(String.format(Locale.ROOT, "%.1f", 0.15));
        assertThat(Report.tenths(2.25)).isEqualTo("2.3");
        assertThat(Report.tenths(-0.0)).isEqualTo("-0.0");
        assertThat(Report.tenths(Double.NaN)).isEqualTo("NaN");
    }

    @Property
    void wholeTenthsAreSpeltAsFormatSpellsThem(@ForAll @IntRange(min = 0, max = 2_000_000) int tenths) {
        double x = tenths / 10.0;
        assertThat(Report.tenths(x)).isEqualTo(String.format(Locale.ROOT, "%.1f", x));
    }

    @Property
    void anyNumberIsSpeltAsFormatSpellsIt(@ForAll double x) {
        assertThat(Report.tenths(x)).isEqualTo(String.format(Locale.ROOT, "%.1f", x));
    }
}
