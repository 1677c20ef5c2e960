package io.rocedoctor.cli;

import io.rocedoctor.engine.RuleEngine;

import java.io.IOException;
import java.nio.file.Path;

import picocli.CommandLine.Option;

/** {@code --rules DIR}: the user's rules compiled next to (or over) the built-in ones. */
final class RulesOption {
    @Option(names = "--rules", paramLabel = "DIR", description = "Extra or overriding DRL rules, compiled at start.")
    Path userRules;

    /** The built-in rules, with the user's when given; rules that do not compile are bad input. */
    RuleEngine engine() throws BadInputException {
        try {
            return userRules == null ? RuleEngine.builtIn() : RuleEngine.withUserRules(userRules);
        } catch (IOException e) {
            throw new BadInputException(e.getMessage(), e);
        }
    }
}
