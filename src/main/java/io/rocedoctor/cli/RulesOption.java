package io.rocedoctor.cli;

import io.rocedoctor.engine.RuleEngine;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --rules DIR}: the user's rules compiled next to (or over) the built-in ones. */
final class RulesOption {
    @Option(names = "--rules", paramLabel = "DIR", description = "Extra or overriding DRL rules, compiled at start.")
    Path userRules;

    /**
     * The rules, for when they are first needed: the user's are compiled now (rules that do not
     * compile are bad input before any bundle is read); the built-in ones are built when first asked for.
     */
    java.util.function.Supplier<RuleEngine> lazyEngine() throws BadInputException {
        if (userRules == null) {
            return RuleEngine::builtIn;
        }
        RuleEngine engine = engine();
        return () -> engine;
    }

    /** The built-in rules, with the user's when given; rules that do not compile are bad input. */
    RuleEngine engine() throws BadInputException {
        try {
            return userRules == null ? RuleEngine.builtIn() : RuleEngine.withUserRules(userRules);
        } catch (IOException e) {
            throw new BadInputException(e.getMessage(), e);
        }
    }
}
