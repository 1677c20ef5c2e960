package io.rocedoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.BundleReader;
import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
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
}
