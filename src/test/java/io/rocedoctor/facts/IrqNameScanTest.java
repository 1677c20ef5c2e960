package io.rocedoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** The IRQ line scans of {@link FactBuilder} read names as the expressions they replace do. */
class IrqNameScanTest {
    private static final Pattern PCI_FUNCTION =
            Pattern.compile("([0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7])");
    private static final Pattern COMPLETION_WORD =
            Pattern.compile("(?i)(?<![a-z])(comp|nq|ceq|aeqceq|txrx|rx|tx)(?![a-z])");

    @Property(tries = 5000)
    void thePciFunctionFoundIsTheExpressionsFirstMatch(@ForAll("irqText") String text) {
        Matcher m = PCI_FUNCTION.matcher(text);
        assertThat(FactBuilder.pciFunctionAt(text)).isEqualTo(m.find() ? m.start() : -1);
    }

    @Property(tries = 5000)
    void aCompletionWordIsFoundExactlyWhereTheExpressionFindsOne(@ForAll("irqText") String name) {
        assertThat(FactBuilder.namesCompletionWord(name))
                .isEqualTo(COMPLETION_WORD.matcher(name).find());
    }

    @Test
    void driversIrqNamesReadAsBefore() {
        assertThat(FactBuilder.pciFunctionAt("mlx5_comp3@pci:0000:3b:00.0")).isEqualTo(15);
        assertThat(FactBuilder.pciFunctionAt("IR-PCI-MSIX-0000:41:00.0 2-edge")).isEqualTo(12);
        assertThat(FactBuilder.pciFunctionAt("0000:41:00.8 0000:41:0.1")).isEqualTo(-1);
        assertThat(FactBuilder.namesCompletionWord("mlx5_comp3@pci:0000:3b:00.0"))
                .isTrue();
        assertThat(FactBuilder.namesCompletionWord("irdma-0000:17:00.0-AEQCEQ-0"))
                .isTrue();
        assertThat(FactBuilder.namesCompletionWord("ice-ens801f0-TxRx-0")).isTrue();
        assertThat(FactBuilder.namesCompletionWord("mlx5_async0@pci:0000:3b:00.0"))
                .isFalse();
        assertThat(FactBuilder.namesCompletionWord("bnxt_re-creq@pci:0000:41:00.0"))
                .isFalse();
        assertThat(FactBuilder.namesCompletionWord("compat")).isFalse();
        // Only ASCII letters fold, as the expression (no UNICODE_CASE) folds them: the Kelvin sign is no k.
        assertThat(FactBuilder.namesCompletionWord("\u212Aceq")).isTrue();
        assertThat(FactBuilder.namesCompletionWord("\u0130nq")).isTrue();
    }

    /** IRQ names and MSI-X chips: the words, their pieces, hex digits, separators and letters that fold oddly. */
    @Provide
    Arbitrary<String> irqText() {
        Arbitrary<String> piece = Arbitraries.of(
                "comp",
                "COMP",
                "Comp",
                "nq",
                "NQ",
                "ceq",
                "CEQ",
                "aeqceq",
                "AeqCeq",
                "txrx",
                "TxRx",
                "rx",
                "RX",
                "tx",
                "Tx",
                "co",
                "mp",
                "aeq",
                "0000:",
                "3b:",
                "00.",
                "00.0",
                "41:00.7",
                "0000:3b:00.0",
                "fFfF:",
                "9",
                "a",
                "G",
                "z",
                "Z",
                "_",
                "-",
                "@",
                ":",
                ".",
                " ",
                "`",
                "{",
                "[",
                "@pci:",
                "\u212A",
                "\u0131",
                "\u0130",
                "\u017F",
                "\u00e9",
                "\uD83D\uDE00");
        return piece.list().ofMaxSize(8).map(parts -> String.join("", parts));
    }
}
