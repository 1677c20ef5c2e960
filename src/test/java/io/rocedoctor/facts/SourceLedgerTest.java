package io.rocedoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.BundleReader;
import io.rocedoctor.bundle.Capture;
import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** Given a bundle, the ledger parses each capture once, with its kind's parser, however many layers ask. */
class SourceLedgerTest extends BundleFolderTest {

    @Test
    void aCaptureAskedForTwiceIsParsedOnceAndItsFailureRecordedOnce() throws Exception {
        write("fs/sys/class/net/eth0/mtu", "9000\n");
        write("fs/sys/class/net/eth1/mtu", "garbage\n");
        try (Bundle b = new BundleReader().read(dir)) {
            SourceLedger ledger = new SourceLedger(b);
            Source good = Source.of(SourceKind.NETDEV_MTU, "eth0");
            Source bad = Source.of(SourceKind.NETDEV_MTU, "eth1");

            Long first = ledger.parse(good, Long.class).orElseThrow();
            // The same boxed Long (9000 is outside Long's cache): the second ask read nothing again.
            assertThat(ledger.parse(good, Long.class)).containsSame(first);
            assertThat(first).isEqualTo(9000L);
            assertThat(ledger.parse(bad, Long.class)).isEmpty();
            assertThat(ledger.parse(bad, Long.class)).isEmpty();

            assertThat(ledger.failures())
                    .singleElement()
                    .satisfies(f -> assertThat(f.file()).endsWith("eth1/mtu"));
        }
    }

    @Test
    void theSourcesParsedAreListedByNameOnceEachWhateverTheOrderTheyWereAskedIn() throws Exception {
        write("fs/sys/class/net/eth0/mtu", "9000\n");
        write("fs/sys/class/net/eth1/mtu", "garbage\n");
        write("fs/sys/class/net/eth2/mtu", "1500\n");
        try (Bundle b = new BundleReader().read(dir)) {
            SourceLedger ledger = new SourceLedger(b);
            Source eth0 = Source.of(SourceKind.NETDEV_MTU, "eth0");
            Source eth2 = Source.of(SourceKind.NETDEV_MTU, "eth2");
            ledger.parse(eth2, Long.class);
            ledger.parse(Source.of(SourceKind.NETDEV_MTU, "eth1"), Long.class);
            ledger.parse(eth0, Long.class);
            ledger.parse(eth2, Long.class);

            // eth1 failed: it is a failure, not a source parsed
            assertThat(ledger.parsed()).containsExactly(eth0.display(), eth2.display());
        }
    }

    @Test
    void aSwitchsSourcesTakeTheirPlaceByNameAmongTheHostsOnes() throws Exception {
        try (Bundle b = new BundleReader().read(Path.of("fixtures/bundles/busy-healthy-incast"))) {
            List<String> parsed = new FactBuilder().build(b).ledger().parsed();

            assertThat(parsed).anyMatch(n -> n.startsWith("switch ")).anyMatch(n -> n.startsWith("sysctl"));
            assertThat(parsed).isSorted().doesNotHaveDuplicates();
        }
    }

    @Test
    void askingForAnotherRecordThanTheKindsParserMakesIsABug() throws Exception {
        write("fs/sys/class/net/eth0/mtu", "9000\n");
        try (Bundle b = new BundleReader().read(dir)) {
            SourceLedger ledger = new SourceLedger(b);
            Source mtu = Source.of(SourceKind.NETDEV_MTU, "eth0");
            assertThatThrownBy(() -> ledger.parse(mtu, Integer.class))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("NETDEV_MTU is read as Long, not Integer");
            assertThatThrownBy(() -> ledger.parse(Source.of(SourceKind.ETHTOOL_FEATURES, "eth0"), Void.class))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("ETHTOOL_FEATURES is only recognised");
        }
    }

    @Property(tries = 2000)
    void aParseIsAccountedByTheAskedSourcesNameWhicheverOfItsEqualsTheBundleHolds(
            @ForAll("argument") String asked, @ForAll("argument") String held, @ForAll boolean command) {
        SourceKind kind = command ? SourceKind.ETHTOOL_STATS : SourceKind.NETDEV_MTU;
        Source askedSource = Source.of(kind, asked);
        Source heldSource = Source.of(kind, held);
        if (!heldSource.equals(askedSource)) {
            return; // the bundle would not hand this capture out for that source
        }
        Capture capture = new Capture(heldSource, 0, "fs/x", Path.of("x"), null, null);

        assertThat(SourceLedger.nameOf(askedSource, capture)).isEqualTo(askedSource.display());
    }

    /** Interface-like names, their mangled spellings among them ({@code :} and {@code /} become {@code _} and {@code .}). */
    @Provide
    Arbitrary<String> argument() {
        return Arbitraries.strings().withChars("ab0:_./ ").ofMinLength(1).ofMaxLength(5);
    }
}
