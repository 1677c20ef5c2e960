package io.rocedoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocedoctor.synth.Faults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plans of every golden scenario and of a synthesized fleet carrying every fault: each step
 * states its risk and window, and no host command sets a netdev MTU below the one the bundle saw
 * (the RoCE MTU follows the netdev MTU: lowering it never raises active_mtu).
 */
class PlanNeverLowersAnMtuTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** A netdev MTU write in the forms a host command takes: sysfs, ip link, nmcli. */
    private static final List<Pattern> MTU_WRITES = List.of(
            Pattern.compile("echo '?(\\d+)'? > (?:\"\\$ROOT\")?/sys/class/net/'?([^/' ]+)'?/mtu"),
            Pattern.compile("ip link set (?:dev )?'?([^ ']+)'? mtu '?(\\d+)'?"));

    @TempDir
    Path tmp;

    @Test
    void noFixturePlanLowersANetdevMtuAndEveryStepStatesItsRisk() throws IOException {
        List<Path> bundles;
        try (Stream<Path> s = Files.list(Path.of("fixtures/bundles"))) {
            bundles = s.filter(Files::isDirectory).sorted().toList();
        }
        int steps = 0;
        for (Path bundle : bundles) {
            Cli cli = Cli.run("analyze", bundle.toString(), "--format", "json");
            steps += check(bundle, JSON.readTree(cli.out()));
        }
        assertThat(steps).as("the scenarios plan steps").isPositive();
    }

    @Test
    void noPlanOfASynthesizedFleetWithEveryFaultLowersANetdevMtu() throws IOException {
        Path fleet = tmp.resolve("fleet");
        Cli synth = Cli.run(
                "synth", "--out", fleet.toString(), "--hosts", String.valueOf(Faults.ALL.size() + 1), "--fault", "all");
        assertThat(synth.exit()).as(synth.err()).isZero();
        Cli cli = Cli.run("analyze", fleet.toString(), "--format", "json");
        int steps = 0;
        for (JsonNode host : JSON.readTree(cli.out()).path("hosts")) {
            steps += check(Path.of(host.path("bundle").path("path").asText()), host);
        }
        assertThat(steps).isPositive();
    }

    /** A near miss for the check itself: a raise passes, a lowering of the same netdev is caught. */
    @Test
    void theCheckCatchesALoweringAndLetsARaisePass() {
        assertThat(lowerings("echo 9000 > \"$ROOT\"/sys/class/net/ens1f0np0/mtu", name -> 1500))
                .isEmpty();
        assertThat(lowerings("echo 4096 > \"$ROOT\"/sys/class/net/ens1f0np0/mtu", name -> 9000))
                .hasSize(1);
        assertThat(lowerings("ip link set dev ens1f0np0 mtu 4096", name -> 9000))
                .hasSize(1);
    }

    private static int check(Path bundle, JsonNode report) {
        int steps = 0;
        for (JsonNode step : report.path("plan").path("steps")) {
            String what = bundle.getFileName() + " step " + step.path("step").asInt() + " "
                    + step.path("id").asText();
            assertThat(step.path("risk").asText())
                    .as(what + " risk")
                    .isIn("none", "traffic-pause", "link-flap", "outage", "reboot");
            assertThat(step.path("window").isBoolean()).as(what + " window").isTrue();
            for (JsonNode line : step.path("apply")) {
                assertThat(lowerings(line.asText(), name -> netdevMtu(bundle, name)))
                        .as(what)
                        .isEmpty();
            }
            steps++;
        }
        return steps;
    }

    private static List<String> lowerings(String line, java.util.function.ToIntFunction<String> mtuOf) {
        List<String> out = new ArrayList<>();
        for (Pattern p : MTU_WRITES) {
            Matcher m = p.matcher(line);
            while (m.find()) {
                boolean sysfs = p == MTU_WRITES.get(0);
                String device = m.group(sysfs ? 2 : 1);
                int mtu = Integer.parseInt(m.group(sysfs ? 1 : 2));
                int before = mtuOf.applyAsInt(device);
                if (mtu < before) {
                    out.add(line + " lowers " + device + " from " + before);
                }
            }
        }
        return out;
    }

    /** The MTU the bundle saw for a netdev; 0 when it has none (any MTU then raises it). */
    private static int netdevMtu(Path bundle, String device) {
        Path file = bundle.resolve("fs/sys/class/net").resolve(device).resolve("mtu");
        try {
            return Files.exists(file) ? Integer.parseInt(Files.readString(file).strip()) : 0;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
