package io.rocedoctor.parse.sw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocedoctor.parse.ParseException;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** The short way a plain cell is read gives what the full reading of a counter gives. */
class SwitchValuesTest {

    @Property
    void aPlainCellCountsAsThePaddedOneReadInFull(@ForAll("cell") String cell) {
        long plain = SwitchValues.plainDigits(cell);
        // padding keeps the cell off the short way: the full reading strips it
        Long full = read(" " + cell + " ");
        if (cell.matches("[0-9]{1,18}")) {
            assertThat(plain).isEqualTo(Long.parseLong(cell)).isEqualTo(full);
        } else {
            assertThat(plain).isEqualTo(-1);
        }
        assertThat(read(cell)).isEqualTo(full);
    }

    @Test
    void plainDigitsAreTheirValueAndAnythingElseGoesTheFullWay() throws ParseException {
        assertThat(SwitchValues.count("0042", 3, "x")).isEqualTo(42L);
        assertThat(SwitchValues.count("1,200", 3, "x")).isEqualTo(1200L);
        assertThat(SwitchValues.count("18446744073709551615", 3, "x")).isEqualTo(-1L);
        assertThat(SwitchValues.count("N/A", 3, "x")).isNull();
        assertThatThrownBy(() -> SwitchValues.integer("12a", 3, () -> "DSCP_TO_TC_MAP|AZURE 12a"))
                .isInstanceOf(ParseException.class)
                .hasMessage("DSCP_TO_TC_MAP|AZURE 12a is not a number: '12a'");
    }

    /** The count of a cell, or null for an absent one or one that does not read (the same for both readings). */
    private static Long read(String cell) {
        try {
            return SwitchValues.count(cell, 1, "cell");
        } catch (ParseException e) {
            return null;
        }
    }

    @Provide
    Arbitrary<String> cell() {
        return Arbitraries.strings()
                .withChars("0123456789,-+ a")
                .ofMaxLength(21)
                .edgeCases(e -> e.add("", "0", "123456789012345678", "1234567890123456789", "-5", "1,2"));
    }
}
