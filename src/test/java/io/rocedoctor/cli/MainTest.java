package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** What Main starts before picocli parses: the rulebase and the first tables, for the commands that read a bundle. */
class MainTest {

    @Test
    void theCommandsThatFireTheBuiltInRulesPrepareThemAndNoOtherDoes() {
        assertThat(Main.diagnosesWithBuiltInRules(new String[] {"analyze", "b.tar.gz", "-f", "json"}))
                .isTrue();
        assertThat(Main.diagnosesWithBuiltInRules(new String[] {"plan", "b", "-o", "p"}))
                .isTrue();
        assertThat(Main.diagnosesWithBuiltInRules(new String[] {"analyze", "b", "--rules", "mine/"}))
                .as("user rules make a rulebase of their own")
                .isFalse();
        assertThat(Main.diagnosesWithBuiltInRules(new String[] {"analyze", "--help"}))
                .isFalse();
        assertThat(Main.diagnosesWithBuiltInRules(new String[] {"rules", "show", "IRQ_CROSS_NUMA"}))
                .isFalse();
        assertThat(Main.diagnosesWithBuiltInRules(new String[0])).isFalse();
    }

    @Test
    void aClassIsInitialisedOnTheBackgroundThread() throws InterruptedException {
        Main.initialiseInBackground(Prepared.class).join();
        assertThat(Prepared.initialisedOn).isEqualTo("initialise");
    }

    /** An initialiser that fails is no uncaught error there (nothing on stderr): the thread that uses the class meets it. */
    @Test
    void aFailingInitialiserIsLeftToTheThreadThatUsesTheClass() throws InterruptedException {
        Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
        java.util.List<Throwable> uncaught = new java.util.concurrent.CopyOnWriteArrayList<>();
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> uncaught.add(e));
        try {
            Main.initialiseInBackground(FailsToInitialise.class, AfterTheFailure.class)
                    .join();
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(before);
        }
        assertThat(uncaught).isEmpty();
        assertThat(AfterTheFailure.initialisedOn)
                .as("the classes after it are still initialised")
                .isEqualTo("initialise");
        assertThatThrownBy(FailsToInitialise::value).isInstanceOf(NoClassDefFoundError.class);
    }

    static final class Prepared {
        static final String initialisedOn = Thread.currentThread().getName();
    }

    static final class AfterTheFailure {
        static final String initialisedOn = Thread.currentThread().getName();
    }

    static final class FailsToInitialise {
        static final int VALUE = Integer.parseInt("not a number");

        static int value() {
            return VALUE;
        }
    }
}
