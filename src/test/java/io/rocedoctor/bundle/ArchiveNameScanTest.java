package io.rocedoctor.bundle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** The extractor splits an entry's name at its separators by hand exactly as the expression did. */
class ArchiveNameScanTest {

    @Property
    void namesAreTheExpressionsSplit(@ForAll("path") String path) {
        assertThat(ArchiveExtractor.names(path)).isEqualTo(List.of(path.split("[/\\\\]")));
    }

    @Test
    void emptyNamesBetweenSeparatorsAreKeptAndThoseAtTheEndDropped() {
        assertThat(ArchiveExtractor.names("fs//proc\\irq/")).containsExactly("fs", "", "proc", "irq");
        assertThat(ArchiveExtractor.names("commands")).containsExactly("commands");
        assertThat(ArchiveExtractor.names("")).containsExactly("");
    }

    @Provide
    Arbitrary<String> path() {
        return Arbitraries.strings().withChars("/\\a.\u00e9").ofMaxLength(12);
    }
}
