package io.rocedoctor.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rocedoctor.engine.Diagnosis;
import io.rocedoctor.engine.Finding;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generated scripts on a real kernel: a network namespace with a veth pair whose names the plan
 * uses, apply.sh --execute and rollback.sh --execute run inside it with no fake root, and the live
 * state read back after each. Needs root and {@code ip netns} (.ci/run runs as root); skipped with
 * the reason otherwise, and each kind of device the kernel lacks (bonding here) is skipped with it.
 */
class KernelScriptsTest {
    private static final String A = "rdva";
    private static final String B = "rdvb";

    @TempDir
    Path tmp;

    private String namespace;

    private record Run(int exit, String out) {}

    @BeforeEach
    void namespaceWithAVethPair() throws Exception {
        assumeTrue(sh("id -u").out().strip().equals("0"), "needs root to make network namespaces");
        namespace = "rocedoctor-" + ProcessHandle.current().pid();
        Run made = sh("ip netns add " + namespace);
        assumeTrue(
                made.exit() == 0, "ip netns is unavailable here: " + made.out().strip());
        Run veth = sh("ip -n " + namespace + " link add " + A + " type veth peer name " + B);
        assumeTrue(
                veth.exit() == 0,
                "this kernel cannot make a veth pair: " + veth.out().strip());
    }

    @AfterEach
    void removeTheNamespace() throws Exception {
        if (namespace != null) {
            sh("ip netns del " + namespace);
        }
    }

    private static Run sh(String command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("bash", "-c", command)
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(p.waitFor(), out);
    }

    /** Runs a script of the plan inside the namespace: /sys and /proc/sys/net are the namespace's there. */
    private Run inside(Path plan, String script, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                "ip", "netns", "exec", namespace, "bash", plan.resolve(script).toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().remove("ROCE_DOCTOR_ROOT");
        pb.environment().put("ROCE_DOCTOR_STATE", tmp.resolve("state").toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(p.waitFor(), out);
    }

    private String live(String path) throws Exception {
        return sh("ip netns exec " + namespace + " cat " + path).out().strip();
    }

    /** The plan is for this host: the scripts check the live host name against the bundle's. */
    private static Plan plan(Finding... findings) throws IOException {
        String host = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        return new Planner(new ActionCatalog())
                .plan(new Diagnosis(List.of(findings), List.of(), List.of(), List.of()), new Snapshot(host, Map.of()));
    }

    /** No catalog step writes a netdev MTU (a plan never lowers one, and ROCE_MTU_BELOW_NETDEV is a manual step). */
    @Test
    void anInterfaceSysctlIsAppliedAndRolledBackForReal() throws Exception {
        String arpIgnore = "/proc/sys/net/ipv4/conf/" + A + "/arp_ignore";
        assertThat(live(arpIgnore)).isEqualTo("0");
        Path out = tmp.resolve("plan");
        PlanFiles.write(
                plan(Finding.of("BUSY_POLL_OFF", A)
                        .severity("low")
                        .action(
                                "sysctl-busy-poll",
                                "key",
                                "net.ipv4.conf." + A + ".arp_ignore",
                                "value",
                                "1",
                                "current",
                                "0")
                        .build()),
                out);

        Run dry = inside(out, "apply.sh");
        assertThat(dry.exit()).as(dry.out()).isZero();
        assertThat(dry.out()).contains("would set net.ipv4.conf." + A + ".arp_ignore: '0' -> '1'");
        assertThat(live(arpIgnore)).isEqualTo("0");

        Run apply = inside(out, "apply.sh", "--execute");
        assertThat(apply.exit()).as(apply.out()).isZero();
        assertThat(live(arpIgnore)).isEqualTo("1");

        Run rollback = inside(out, "rollback.sh", "--execute");
        assertThat(rollback.exit()).as(rollback.out()).isZero();
        assertThat(live(arpIgnore)).isEqualTo("0");
    }

    /**
     * ethtool -L on veth, which has separate rx and tx channels and no combined ones: the channels
     * step sets what the driver offers, and rollback restores the count read before.
     */
    @Test
    void channelsAreAppliedAndRolledBackOnVethForReal() throws Exception {
        assumeTrue(sh("command -v ethtool").exit() == 0, "ethtool is not installed");
        Run before = sh("ip netns exec " + namespace + " ethtool -l " + A);
        assumeTrue(
                before.out().matches("(?s).*Pre-set maximums:.*RX:\\s+[2-9].*"),
                "veth of this kernel offers fewer than 2 RX channels (ethtool -l " + A + ")");
        String current = before.out().replaceAll("(?s).*Current hardware settings:.*?RX:\\s+(\\d+).*", "$1");
        Path out = tmp.resolve("plan");
        PlanFiles.write(
                plan(Finding.of("RSS_QUEUES_TOO_FEW", A)
                        .severity("medium")
                        .action("channels-combined", "device", A, "combined", "2", "current", current)
                        .build()),
                out);
        Run apply = inside(out, "apply.sh", "--execute");
        assertThat(apply.exit()).as(apply.out()).isZero();
        assertThat(sh("ip netns exec " + namespace + " ethtool -l " + A).out())
                .containsPattern("(?s)Current hardware.*RX:\\s+2");
        assertThat(inside(out, "rollback.sh", "--execute").exit()).isZero();
        assertThat(sh("ip netns exec " + namespace + " ethtool -l " + A).out())
                .containsPattern("(?s)Current hardware.*RX:\\s+" + current + "\\b");
    }

    /** A real bond where the kernel has bonding: its transmit hash applied and rolled back live. */
    @Test
    void aBondsTransmitHashWhereTheKernelHasBonding() throws Exception {
        Run bond = sh("ip -n " + namespace + " link add rdbond0 type bond mode balance-xor");
        Run dummy = sh("ip -n " + namespace + " link add rddummy0 type dummy");
        Run vlan = sh("ip -n " + namespace + " link add link " + A + " name " + A + ".10 type vlan id 10");
        assumeTrue(
                bond.exit() == 0,
                "this kernel has no bonding (" + bond.out().strip() + "; dummy devices: "
                        + (dummy.exit() == 0 ? "yes" : "no") + ", VLAN: " + (vlan.exit() == 0 ? "yes" : "no")
                        + "): bond steps are tested in the fake root");
        String policy = "/sys/class/net/rdbond0/bonding/xmit_hash_policy";
        Path out = tmp.resolve("plan");
        PlanFiles.write(
                plan(Finding.of("HASH_SINGLE_PATH_CONCENTRATION", "rdbond0")
                        .severity("high")
                        .action("bond-xmit-hash-layer34", "bond", "rdbond0", "current", "layer2")
                        .build()),
                out);
        Run apply = inside(out, "apply.sh", "--execute");
        assertThat(apply.exit()).as(apply.out()).isZero();
        assertThat(live(policy)).startsWith("layer3+4");
        assertThat(inside(out, "rollback.sh", "--execute").exit()).isZero();
        assertThat(live(policy)).startsWith("layer2 ");
    }

    /**
     * MULTI_NIC_SAME_SUBNET's steps for real: two veth pairs with one end each in 192.168.77.0/24,
     * the finding built from the namespace's live settings, apply.sh --execute and rollback.sh
     * --execute inside it. After apply each port answers and sends for its own address (the sysctls,
     * a rule and a table per address, ip route get from the second address leaving by its port);
     * after rollback the rules, the routes of every table and the sysctls are as before.
     */
    @Test
    void twoPortsInOneSubnetGetTheirOwnArpAndSourceRoutingAndRollBackExactly() throws Exception {
        String[] ports = {"rdm0", "rdm1"};
        String[] addresses = {"192.168.77.11", "192.168.77.12"};
        for (int i = 0; i < 2; i++) {
            Run pair = sh("ip -n " + namespace + " link add " + ports[i] + " type veth peer name " + ports[i] + "p"
                    + " && ip -n " + namespace + " addr add " + addresses[i] + "/24 dev " + ports[i]
                    + " && ip -n " + namespace + " link set " + ports[i] + " up"
                    + " && ip -n " + namespace + " link set " + ports[i] + "p up");
            assertThat(pair.exit()).as(pair.out()).isZero();
        }
        String before = routing();
        List<io.rocedoctor.facts.SubnetMember> members = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            var a = new io.rocedoctor.facts.ArpSettings(
                    ports[i],
                    conf(ports[i], "arp_ignore"),
                    conf(ports[i], "arp_announce"),
                    conf(ports[i], "rp_filter"),
                    "sysctl -a");
            members.add(new io.rocedoctor.facts.SubnetMember(
                    "192.168.77.0/24",
                    ports[i],
                    null,
                    addresses[i] + "/24",
                    a.arpIgnore().effective(),
                    a.arpAnnounce().effective(),
                    a.rpFilter().effective(),
                    a,
                    false,
                    null,
                    "no rule"));
        }
        var subnet = new io.rocedoctor.facts.SharedSubnet(
                "192.168.77.0/24", members, List.of("default", "local", "main"), List.of("ip -o addr show"));
        Finding finding = io.rocedoctor.engine.findings.MultiNicSubnetFinding.of(subnet)
                .severity("high")
                .build("MULTI_NIC_SAME_SUBNET");
        assertThat(finding.actions())
                .extracting(io.rocedoctor.engine.ActionProposal::action)
                .contains("ipv4-conf-sysctl", "policy-route-source");
        Path out = tmp.resolve("plan");
        PlanFiles.write(plan(finding), out);

        Run apply = inside(out, "apply.sh", "--execute");
        assertThat(apply.exit()).as(apply.out()).isZero();
        for (String port : ports) {
            assertThat(live("/proc/sys/net/ipv4/conf/" + port + "/arp_ignore")).isEqualTo("1");
            assertThat(live("/proc/sys/net/ipv4/conf/" + port + "/arp_announce"))
                    .isEqualTo("2");
        }
        assertThat(sh("ip -n " + namespace + " rule show").out())
                .contains("from 192.168.77.11 lookup 101", "from 192.168.77.12 lookup 102");
        assertThat(sh("ip -n " + namespace + " route show table 102").out()).contains("192.168.77.0/24 dev rdm1");
        assertThat(sh("ip -n " + namespace + " route get 192.168.77.50 from 192.168.77.12")
                        .out())
                .contains("dev rdm1");

        Run rollback = inside(out, "rollback.sh", "--execute");
        assertThat(rollback.exit()).as(rollback.out()).isZero();
        assertThat(routing()).isEqualTo(before);
    }

    /** Rules, the IPv4 routes of every table (IPv6 link-local routes come and go with DAD) and the ARP and reverse-path settings of the namespace. */
    private String routing() throws Exception {
        return sh("ip -n " + namespace + " rule show; ip -n " + namespace + " -4 route show table all; ip netns exec "
                        + namespace + " sh -c 'grep -H . /proc/sys/net/ipv4/conf/*/arp_ignore"
                        + " /proc/sys/net/ipv4/conf/*/arp_announce /proc/sys/net/ipv4/conf/*/rp_filter'")
                .out();
    }

    private io.rocedoctor.facts.ArpSettings.Value conf(String port, String key) throws Exception {
        return new io.rocedoctor.facts.ArpSettings.Value(
                Integer.valueOf(live("/proc/sys/net/ipv4/conf/all/" + key)),
                Integer.valueOf(live("/proc/sys/net/ipv4/conf/" + port + "/" + key)));
    }
}
