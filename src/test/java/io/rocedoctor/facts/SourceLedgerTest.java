package io.rocedoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.BundleReader;
import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.Parser;

import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

/** Given a bundle, the ledger parses each capture once per parser however many layers ask. */
class SourceLedgerTest extends BundleFolderTest {
    private static final AtomicInteger CALLS = new AtomicInteger();

    /** A pure parser: no instance state, so the same text gives the same result. */
    static final class CountingParser implements Parser<Integer> {
        @Override
        public Integer parse(String text) throws ParseException {
            CALLS.incrementAndGet();
            if (text.contains("garbage")) {
                throw new ParseException(1, "not a number");
            }
            return text.trim().length();
        }
    }

    @Test
    void aCaptureAskedForTwiceIsParsedOnceAndItsFailureRecordedOnce() throws Exception {
        write("fs/sys/class/net/eth0/mtu", "9000\n");
        write("fs/sys/class/net/eth1/mtu", "garbage\n");
        CALLS.set(0);
        try (Bundle b = new BundleReader().read(dir)) {
            SourceLedger ledger = new SourceLedger(b);
            Source good = Source.of(SourceKind.NETDEV_MTU, "eth0");
            Source bad = Source.of(SourceKind.NETDEV_MTU, "eth1");

            assertThat(ledger.parse(good, new CountingParser())).contains(4);
            assertThat(ledger.parse(good, new CountingParser())).contains(4);
            assertThat(ledger.parse(bad, new CountingParser())).isEmpty();
            assertThat(ledger.parse(bad, new CountingParser())).isEmpty();

            assertThat(CALLS).hasValue(2);
            assertThat(ledger.failures()).hasSize(1);
        }
    }

    @Test
    void aParserWithStateIsAskedEveryTime() throws Exception {
        write("fs/sys/class/net/eth0/mtu", "9000\n");
        try (Bundle b = new BundleReader().read(dir)) {
            SourceLedger ledger = new SourceLedger(b);
            Source mtu = Source.of(SourceKind.NETDEV_MTU, "eth0");
            int[] offsets = {1, 2};
            for (int offset : offsets) {
                // A capturing lambda carries its offset: a result cached by its class would be wrong.
                assertThat(ledger.parse(mtu, text -> Integer.parseInt(text.trim()) + offset)).contains(9000 + offset);
            }
        }
    }
}
