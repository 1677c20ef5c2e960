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
}
