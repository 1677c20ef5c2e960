package io.rocedoctor.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.bundle.SourceKind;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How the fleet's hosts are grouped into the spreads the fleet rules read. */
class FleetFactsTest {
    private static final NicVersion CX6 = new NicVersion("MT2892 Family [ConnectX-6 Dx]", "22.39.1002", "mlx5_core");

    private static HostSummary host(String name, String mtu) {
        return new HostSummary(
                name, List.of(CX6), Map.of("mtu", mtu), Map.of(), EnumSet.allOf(SourceKind.class), Map.of());
    }

    private static ValueSpread spread(List<Object> facts, String aspect, String subject) {
        return facts.stream()
                .filter(ValueSpread.class::isInstance)
                .map(ValueSpread.class::cast)
                .filter(s -> s.aspect().equals(aspect) && s.subject().equals(subject))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void aValueListsEachOfItsHostsOnceInNameOrderWhateverTheBundlesOrder() {
        // node-b's bundle twice (a re-upload), hosts not in name order.
        List<Object> facts = FleetFacts.of(List.of(
                host("node-c", "9000"), host("node-b", "9000"), host("node-a", "1500"), host("node-b", "9000")));

        ValueSpread mtu = spread(facts, "config", "mtu");
        assertThat(mtu.distinct()).isEqualTo(2);
        assertThat(mtu.variants())
                .as("the value most hosts share first, each value's hosts sorted and counted once")
                .containsExactly(
                        new ValueSpread.Variant("9000", List.of("node-b", "node-c")),
                        new ValueSpread.Variant("1500", List.of("node-a")));
    }

    @Test
    void aLargeFleetSharingOneValueIsGroupedWithoutLosingAHost() {
        List<HostSummary> hosts = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            hosts.add(host("node-%05d".formatted(i), "9000"));
        }

        ValueSpread versions = spread(FleetFacts.of(hosts), "nic-version", CX6.model());
        assertThat(versions.variants()).hasSize(1);
        assertThat(versions.variants().get(0).hosts()).hasSize(20_000).isSorted();
    }
}
