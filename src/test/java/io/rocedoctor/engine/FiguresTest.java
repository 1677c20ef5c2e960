package io.rocedoctor.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How evidence writes a ratio for the person reading it. */
class FiguresTest {
    @Test
    void aRatioIsSaidToOneDecimalAsTimes() {
        assertThat(Figures.times(3.8046)).isEqualTo("3.8 times");
        assertThat(Figures.times(12.25)).isEqualTo("12.3 times");
    }

    @Test
    void nearMissAWholeRatioDropsItsDecimalAndOneIsOneTime() {
        assertThat(Figures.times(4.0)).isEqualTo("4 times");
        assertThat(Figures.times(3.96)).isEqualTo("4 times");
        assertThat(Figures.times(1.02)).isEqualTo("1 time");
    }

    @Test
    void itemsAreListedAsAReaderListsThem() {
        assertThat(Figures.listed(java.util.List.of(2, 3, 4))).isEqualTo("2, 3 and 4");
        assertThat(Figures.listed(java.util.List.of(3, 4))).isEqualTo("3 and 4");
    }

    @Test
    void nearMissOneItemIsItselfAndNoneSaysSo() {
        assertThat(Figures.listed(java.util.List.of(3))).isEqualTo("3");
        assertThat(Figures.listed(java.util.List.of())).isEqualTo("none");
    }
}
