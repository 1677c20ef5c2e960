package io.rocedoctor.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JVM options {@code ./roce-doctor serve} starts the service with: a copy of the launcher next
 * to a jar it takes as built, and a {@code java} that prints its arguments instead of running.
 */
class ServeLauncherTest {
    @TempDir
    Path home;

    private String javaArguments(String operatorOptions) throws Exception {
        Files.createDirectories(home.resolve("target"));
        Files.writeString(home.resolve("target/roce-doctor.jar"), "");
        Path launcher = Files.copy(Path.of("roce-doctor"), home.resolve("roce-doctor"));
        Path java = home.resolve("jdk/bin/java");
        Files.createDirectories(java.getParent());
        Files.writeString(java, "#!/bin/sh\necho \"$@\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        ProcessBuilder pb = new ProcessBuilder(launcher.toString(), "serve", "--data", "d").redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.put("JAVA_HOME", home.resolve("jdk").toString());
        env.remove("ROCE_DOCTOR_SERVE_JAVA_OPTS");
        if (operatorOptions != null) {
            env.put("ROCE_DOCTOR_SERVE_JAVA_OPTS", operatorOptions);
        }
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }

    @Test
    void theServiceRunsG1InABoundedHeap() throws Exception {
        assertThat(javaArguments(null))
                .isEqualTo("-Xss4m -Xmx1g -XX:+UseG1GC -XX:G1PeriodicGCInterval=60000 -jar "
                        + home.resolve("target/roce-doctor.jar") + " serve --data d");
    }

    @Test
    void theOperatorsHeapBoundComesLastSoItWins() throws Exception {
        assertThat(javaArguments("-Xmx3g -Xlog:gc"))
                .startsWith("-Xss4m -Xmx1g -XX:+UseG1GC -XX:G1PeriodicGCInterval=60000 -Xmx3g -Xlog:gc -jar ");
    }

    @Test
    void aCollectorTheOperatorNamesReplacesG1ForTheJvmRefusesTwo() throws Exception {
        assertThat(javaArguments("-XX:+UseParallelGC -Xmx2g"))
                .startsWith("-Xss4m -Xmx1g -XX:+UseParallelGC -Xmx2g -jar ");
    }
}
