package io.rocedoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The facts as they are built, and as the rules and reports take them: by type, in the order added. */
class FactListTest {
    private static final Bond BOND0 = new Bond("bond0", "802.3ad", "layer3+4", List.of("a", "b"));
    private static final Bond BOND1 = new Bond("bond1", "active-backup", null, List.of("c", "d"));
    private static final MultipathGroup GROUP =
            new MultipathGroup("bond0", "bond", List.of("a", "b"), "bond xmit_hash_policy layer3+4", true);

    @Test
    void factsOfATypeComeInTheOrderTheyWereAddedAmongOthers() {
        FactList facts = new FactList();
        facts.add(BOND1);
        facts.add(GROUP);
        facts.add(BOND0);

        assertThat(facts.of(Bond.class)).containsExactly(BOND1, BOND0);
        assertThat(facts.of(MultipathGroup.class)).containsExactly(GROUP);
        assertThat(facts.of(Port.class)).isEmpty();
        assertThat(facts.all()).containsExactly(BOND1, GROUP, BOND0);
    }

    @Test
    void aLayerMayAddWhileItGoesThroughWhatItTook() {
        FactList facts = new FactList();
        facts.add(BOND0);
        List<Bond> taken = facts.of(Bond.class);
        facts.add(BOND1);

        assertThat(taken).containsExactly(BOND0);
        assertThat(facts.of(Bond.class)).containsExactly(BOND0, BOND1);
    }

    @Test
    void aTypeTakenAgainShowsWhatWasAddedOrReplacedSinceWhateverCameBetween() {
        FactList facts = new FactList();
        facts.add(BOND0);
        List<Bond> first = facts.of(Bond.class);
        facts.add(GROUP);
        List<Bond> unchanged = facts.of(Bond.class);
        facts.add(BOND1);
        List<Bond> afterAnotherType = facts.of(Bond.class);
        Bond renamed = new Bond("bond2", "802.3ad", "layer3+4", List.of("a", "b"));
        facts.replace(BOND0, renamed);

        assertThat(unchanged).isSameAs(first).containsExactly(BOND0);
        assertThat(afterAnotherType).containsExactly(BOND0, BOND1);
        assertThat(facts.of(Bond.class)).containsExactly(renamed, BOND1);
        assertThat(facts.of(MultipathGroup.class)).containsExactly(GROUP);
    }

    @Test
    void aReplacedFactKeepsItsPlaceInTheWholeAndAmongItsType() {
        FactList facts = new FactList();
        facts.add(BOND0);
        facts.add(GROUP);
        facts.add(BOND1);
        MultipathGroup lag =
                new MultipathGroup("bond0", "roce-lag", List.of("a", "b"), "RoCE LAG mlx5_bond_0 over layer3+4", true);

        facts.replace(GROUP, lag);

        assertThat(facts.all()).containsExactly(BOND0, lag, BOND1);
        assertThat(facts.of(MultipathGroup.class)).containsExactly(lag);
    }

    @Test
    void onlyAFactOfTheHostIsReplacedAndOnlyByOneOfItsType() {
        FactList facts = new FactList();
        facts.add(BOND0);
        MultipathGroup equalButNotAdded =
                new MultipathGroup("bond0", "bond", List.of("a", "b"), "bond xmit_hash_policy layer3+4", true);
        facts.add(GROUP);

        assertThatThrownBy(() -> facts.replace(BOND1, BOND0)).hasMessageStartingWith("not a fact of this host");
        assertThatThrownBy(() -> facts.replace(BOND0, GROUP))
                .hasMessageStartingWith("a fact is replaced by one of its own type");
        // By identity: an equal fact that was never added is not the one in the list.
        assertThatThrownBy(() -> facts.replace(equalButNotAdded, GROUP))
                .hasMessageStartingWith("not a fact of this host");
        assertThat(facts.all()).containsExactly(BOND0, GROUP);
    }

    @Test
    void aBundlesFactsAreTakenByTypeInTheOrderBuilt() {
        Host host = new Host("node-1", 64, 2, 2, 10.0);
        FactList built = new FactList();
        built.addAll(List.of(BOND1, GROUP, BOND0));
        Facts facts = new Facts(host, built, null);

        assertThat(facts.of(Bond.class)).containsExactly(BOND1, BOND0);
        assertThat(facts.of(Host.class)).containsExactly(host);
        assertThat(facts.of(Port.class)).isEmpty();
        assertThat(facts.all()).containsExactly(host, BOND1, GROUP, BOND0);
    }
}
