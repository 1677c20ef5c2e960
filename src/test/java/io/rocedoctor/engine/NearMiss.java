package io.rocedoctor.engine;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The rules this test shows not firing on a case just inside their limit: {@link RuleCheck} fails
 * the test unless one diagnosis it made (through {@link RuleHarness}) holds no finding of each, and
 * {@code RulebaseTest} fails on a rule no test is marked for.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@ExtendWith(RuleCheck.class)
public @interface NearMiss {
    String[] value();
}
