package io.rocedoctor.cli;

import io.rocedoctor.engine.RuleEngine;
import io.rocedoctor.engine.RuleInfo;
import io.rocedoctor.synth.Fault;
import io.rocedoctor.synth.Faults;
import io.rocedoctor.synth.HostShape;
import io.rocedoctor.synth.Synthesizer;
import io.rocedoctor.synth.SysinfoSnapshotWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "synth",
        mixinStandardHelpOptions = true,
        description = {
            "Writes realistic native bundles for a chosen topology, with chosen faults injected and an expected.yaml each.",
            "The same seed gives the same bytes. Several hosts also get a fleet-expected.yaml."
        },
        footer = {
            "",
            "Examples:",
            "  roce-doctor synth --out /tmp/f --hosts 200 --fault IRQ_CROSS_NUMA --fault FLEET_FIRMWARE_DRIFT",
            "  roce-doctor synth --out /tmp/f --hosts 200 --fault all             # a fleet to practise on",
            "  roce-doctor synth --out /tmp/big --nics 16 --cpus 256 --queues 62",
            "  roce-doctor synth --list"
        })
final class SynthCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = {"-o", "--out"},
            paramLabel = "DIR",
            description = "Folder to write the bundles into (one folder per host).")
    Path out;

    @Option(names = "--hosts", defaultValue = "1", description = "How many hosts (default: ${DEFAULT-VALUE}).")
    int hosts;

    @Option(
            names = "--fault",
            paramLabel = "ID",
            description =
                    "A fault to inject, by rule id; repeat for several (see --list); 'all': every one, a host each.")
    List<String> faults = new ArrayList<>();

    @Option(
            names = "--seed",
            defaultValue = "1",
            description = "Seed of every value that varies (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--nics", defaultValue = "2", description = "NICs per host (default: ${DEFAULT-VALUE}).")
    int nics;

    @Option(names = "--ports", defaultValue = "2", description = "Ports per NIC (default: ${DEFAULT-VALUE}).")
    int ports;

    @Option(names = "--cpus", defaultValue = "64", description = "CPUs per host (default: ${DEFAULT-VALUE}).")
    int cpus;

    @Option(
            names = "--numa-nodes",
            defaultValue = "2",
            description = "NUMA nodes per host (default: ${DEFAULT-VALUE}).")
    int numaNodes;

    @Option(
            names = "--queues",
            defaultValue = "0",
            description =
                    "Completion interrupts per port; 0: one per NIC-local CPU, at most 63 (default: ${DEFAULT-VALUE}).")
    int queues;

    @Option(
            names = "--interval",
            defaultValue = "10",
            description = "Seconds between the two samples (default: ${DEFAULT-VALUE}).")
    int interval;

    @Option(
            names = "--switch",
            defaultValue = "sonic",
            paramLabel = "sonic|nvue|eos|none",
            description =
                    "Dump the leaf switch the ports face, as SONiC, Cumulus NVUE or Arista EOS prints it, or none: a host-only"
                            + " bundle (default: ${DEFAULT-VALUE}).")
    String switchPlatform;

    @Option(
            names = "--gpus",
            defaultValue = "0",
            description =
                    "NVIDIA GPUs below each NIC's PCIe switch, 0..4; 0: no GPU, each NIC on a root port of its own"
                            + " (default: ${DEFAULT-VALUE}).")
    int gpus;

    @Option(
            names = "--vlan",
            defaultValue = "0",
            paramLabel = "ID",
            description = "RoCE over VLAN ID on every port, its egress-qos-map giving the RoCE priority its PFC"
                    + " priority; 0: no VLAN (default: ${DEFAULT-VALUE}).")
    int vlan;

    @Option(
            names = "--prefix",
            defaultValue = "node",
            description = "Host names are PREFIX-000, PREFIX-001... (default: ${DEFAULT-VALUE}).")
    String prefix;

    @Option(
            names = "--layout",
            defaultValue = "native",
            paramLabel = "native|sysinfo-snapshot",
            description =
                    "Write native bundles, or each host as NVIDIA's sysinfo-snapshot " + SysinfoSnapshotWriter.VERSION
                            + " would have taken it (one sample, no switch; its folder and .tgz) (default: ${DEFAULT-VALUE}).")
    String layout;

    @Option(
            names = "--list",
            description = "List the faults the synthesizer can inject, and whether their rule is in the catalog.")
    boolean list;

    @Override
    public Integer call() throws IOException, BadInputException {
        PrintWriter stdout = spec.commandLine().getOut();
        if (list) {
            Set<String> catalog = RuleEngine.builtIn().catalog().keySet();
            for (Fault f : Faults.ALL) {
                stdout.printf(
                        "%-32s %-12s %s%n", f.id(), catalog.contains(f.id()) ? "rule" : "no rule yet", f.description());
            }
            stdout.flush();
            return Main.OK;
        }
        if (out == null) {
            throw new BadInputException("synth needs --out DIR (or --list)");
        }
        if (!prefix.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,40}")) {
            throw new BadInputException("--prefix must be letters, digits, '.', '_' or '-', not '" + prefix + "'");
        }
        List<Fault> chosen = new ArrayList<>();
        for (String id : faults) {
            if (id.equals("all")) {
                Faults.ALL.stream().filter(f -> !chosen.contains(f)).forEach(chosen::add);
                continue;
            }
            var fault = Faults.byId(id);
            if (fault.isEmpty()) {
                throw new BadInputException("unknown fault '" + id + "'; `roce-doctor synth --list` shows them");
            }
            chosen.add(fault.get());
        }
        boolean snapshot = layout.equals("sysinfo-snapshot");
        if (!snapshot && !layout.equals("native")) {
            throw new BadInputException("--layout is native or sysinfo-snapshot, not '" + layout + "'");
        }
        if (snapshot) {
            seenInASnapshot(chosen);
        }
        List<Synthesizer.Written> written;
        try {
            // A sysinfo-snapshot is taken on the host: it holds no switch.
            HostShape shape = new HostShape(
                    nics, ports, cpus, numaNodes, queues, interval, snapshot ? "none" : switchPlatform, gpus, vlan);
            Synthesizer.Request request = new Synthesizer.Request(hosts, shape, seed, chosen, prefix);
            written = snapshot
                    ? new Synthesizer().writeSysinfoSnapshots(out, request)
                    : new Synthesizer().write(out, request);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage(), e);
        }
        stdout.println("wrote " + written.size() + " bundle" + (written.size() == 1 ? "" : "s") + " to " + out);
        for (Synthesizer.Written w : written) {
            if (!w.faults().isEmpty()) {
                stdout.println("  " + w.host() + ": " + String.join(", ", w.faults()));
            }
        }
        stdout.flush();
        return Main.OK;
    }

    /**
     * A fault whose rule judges counters (two samples) or needs a source sysinfo-snapshot does not
     * take would not be seen in the snapshot its expected.yaml promises it in: refused.
     */
    private static void seenInASnapshot(List<Fault> chosen) throws BadInputException {
        Map<String, RuleInfo> catalog = RuleEngine.builtIn().catalog();
        for (Fault f : chosen) {
            RuleInfo rule = catalog.get(f.id());
            if (f.fleet()
                    || rule == null
                    || rule.counter()
                    || !rule.requirements().stream().allMatch(r -> r.metBy(SysinfoSnapshotWriter.TAKEN))) {
                throw new BadInputException(f.id() + " cannot be seen in a sysinfo-snapshot (one sample, no switch, "
                        + "none of perftest, dcb, rdma, netdev sysfs files, mlxlink or mlxconfig)");
            }
        }
    }
}
