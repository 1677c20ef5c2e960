package io.rocedoctor.serve;

import java.nio.file.Path;
import java.time.Duration;

/**
 * A service for {@link ReceiptRotationKillTest} to kill: in a JVM of its own, on the data folder
 * and H2 URL it is given, with no analysis worker and its sweep every 200 ms; prints its port and
 * an engineer's token on one line, then serves until killed.
 */
final class RotatingServe {
    private RotatingServe() {}

    public static void main(String[] args) throws Exception {
        ServeHarness harness = ServeHarness.start(Path.of(args[0]), args[1], 16L << 20, 0, Duration.ofMillis(200));
        System.out.println(harness.service.port() + " " + harness.token(Principal.Role.ENGINEER, null));
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
