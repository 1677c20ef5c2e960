package io.rocedoctor.report;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.Layout;
import io.rocedoctor.bundle.SosPlugins;
import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.engine.ActionProposal;
import io.rocedoctor.engine.Diagnosis;
import io.rocedoctor.engine.Explains;
import io.rocedoctor.engine.Finding;
import io.rocedoctor.engine.NotEvaluated;
import io.rocedoctor.engine.Profile;
import io.rocedoctor.engine.RuleDocs;
import io.rocedoctor.engine.RuleEngine;
import io.rocedoctor.engine.RuleInfo;
import io.rocedoctor.engine.Severity;
import io.rocedoctor.facts.Facts;
import io.rocedoctor.facts.Nic;
import io.rocedoctor.facts.Port;
import io.rocedoctor.facts.RdmaDevice;
import io.rocedoctor.facts.SourceLedger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Assembles the report model from a bundle's facts and diagnosis; deterministic order throughout. */
public final class ReportBuilder {
    public static final String VERSION = "0.1.0";
    public static final List<String> SEVERITIES = Severity.labels();

    private ReportBuilder() {}

    public static int rank(String severity) {
        return Severity.rank(severity);
    }

    public static Report build(
            Bundle bundle,
            Facts facts,
            Diagnosis diagnosis,
            Map<String, RuleInfo> catalog,
            Profile profile,
            Object plan) {
        SourceLedger ledger = facts.ledger();
        List<SourceLedger.Failure> failures = ledger.failures();
        Report.BundleInfo info = new Report.BundleInfo(
                bundle.input().toString(),
                bundle.layout().label(),
                bundle.host(),
                facts.host().samples(),
                facts.host().intervalSeconds(),
                bundle.refusals());
        Report.Sources sources = new Report.Sources(
                ledger.parsed(),
                ledger.missing(),
                failures.stream()
                        .map(f -> new Report.FailedSource(
                                f.source(), f.file(), f.line() > 0 ? f.line() : null, f.error()))
                        .toList(),
                ledger.notes());

        Map<Finding, Set<String>> explains = new HashMap<>();
        Map<Finding, Set<String>> explainedBy = new HashMap<>();
        for (Explains e : diagnosis.explains()) {
            explains.computeIfAbsent(e.cause(), k -> new TreeSet<>())
                    .add(e.symptom().id() + "@" + e.symptom().subject());
            explainedBy
                    .computeIfAbsent(e.symptom(), k -> new TreeSet<>())
                    .add(e.cause().id() + "@" + e.cause().subject());
        }
        List<Finding> ordered = new ArrayList<>(diagnosis.findings());
        ordered.sort(Comparator.comparingInt((Finding f) -> rank(f.severity()))
                .thenComparing(f -> explainedBy.containsKey(f) ? 1 : 0)
                .thenComparing(Finding::id)
                .thenComparing(Finding::subject));
        List<Report.ReportFinding> findings = new ArrayList<>();
        for (Finding f : ordered) {
            RuleInfo rule = catalog.get(f.id());
            findings.add(new Report.ReportFinding(
                    f.id(),
                    f.severity(),
                    f.confidence(),
                    rule == null ? "custom" : rule.layer().label(),
                    f.subject(),
                    rule == null ? f.id() : rule.summary(),
                    RuleDocs.explanation(f.id()),
                    f.evidence().stream()
                            .map(e -> new Report.Evidence(e.source(), e.value(), e.note()))
                            .toList(),
                    List.copyOf(explains.getOrDefault(f, Set.of())),
                    List.copyOf(explainedBy.getOrDefault(f, Set.of())),
                    f.actions().stream().map(ActionProposal::action).distinct().toList()));
        }
        Set<Enum<?>> usable = new HashSet<>(ledger.usableKinds());
        usable.addAll(ledger.usableSwitchKinds());
        boolean anyUnreadable = !failures.isEmpty();
        List<Report.NotEvaluatedRule> notEvaluated = diagnosis.notEvaluated().stream()
                .sorted(Comparator.comparing(NotEvaluated::rule))
                .map(n -> notEvaluated(n, catalog.get(n.rule()), ledger, usable, anyUnreadable))
                .toList();
        FigureData figures =
                FigureData.from(facts, profile.thresholds().values().get("pcie.overheadFactor"));
        return new Report(
                "roce-doctor",
                VERSION,
                profile.name(),
                info,
                analysed(bundle, facts, info),
                sources,
                findings,
                notEvaluated,
                lastGroups(notEvaluated, catalog, bundle.layout()),
                diagnosis.evaluatedRules(),
                plan,
                figures);
    }

    /** The host's NICs and RDMA devices, the switches of the bundle, and the headline they make. */
    static Report.Analysed analysed(Bundle bundle, Facts facts, Report.BundleInfo info) {
        List<RdmaDevice> devices = facts.of(RdmaDevice.class);
        Set<String> rdmaNetdevs = new HashSet<>();
        Set<String> rdmaNics = new HashSet<>();
        devices.forEach(d -> {
            rdmaNetdevs.add(d.netdev());
            if (d.nic() != null) {
                rdmaNics.add(d.nic());
            }
        });
        facts.of(Port.class).stream()
                .filter(p -> p.nic() != null
                        && (rdmaNetdevs.contains(p.name()) || p.bond() != null && rdmaNetdevs.contains(p.bond())))
                .forEach(p -> rdmaNics.add(p.nic()));
        List<Nic> nics = facts.of(Nic.class);
        int withRdma =
                (int) nics.stream().filter(n -> rdmaNics.contains(n.id())).count();
        List<String> names =
                devices.stream().map(RdmaDevice::name).distinct().sorted().toList();
        List<String> switches = List.copyOf(bundle.switchRoots().keySet());
        String scope = "Analysed host " + info.host() + " (" + info.layout() + ", " + info.sampling() + "): "
                + Report.count(nics.size(), "NIC") + ", "
                + (withRdma == 0
                        ? "none"
                        : withRdma == nics.size() && nics.size() > 1 ? "all" : String.valueOf(withRdma))
                + " with an RDMA device" + (names.isEmpty() ? "" : " (" + String.join(", ", names) + ")") + "; "
                + (switches.isEmpty()
                        ? "no switch dump"
                        : Report.count(switches.size(), "switch") + " (" + String.join(", ", switches) + ")")
                + ".";
        List<String> infiniband = devices.stream()
                .filter(RdmaDevice::infiniband)
                .map(d -> d.name() + " port " + d.port() + (d.netdev() == null ? "" : " (" + d.netdev() + ")"))
                .distinct()
                .sorted()
                .toList();
        if (!infiniband.isEmpty()) {
            // RoCE facts are not built for an InfiniBand port, so no RoCE rule judges it: the headline says why.
            boolean all = infiniband.size()
                    == devices.stream().map(RdmaDevice::id).distinct().count();
            String headline = (all
                            ? "The RDMA ports of host " + info.host() + " are InfiniBand, not RoCE ("
                            : "InfiniBand, not RoCE, on host " + info.host() + ": ")
                    + String.join(", ", infiniband)
                    + (all
                            ? "): the RoCE checks do not apply to them; only generic checks ran."
                            : ": the RoCE checks do not apply to those ports.");
            return new Report.Analysed(headline, scope, nics.size(), withRdma, names, switches);
        }
        if (!names.isEmpty()) {
            return new Report.Analysed(scope, scope, nics.size(), withRdma, names, switches);
        }
        boolean listed = facts.ledger().usableKinds().stream().anyMatch(RDMA_INVENTORY::contains)
                || bundle.discoveredRdmaDevices().isPresent();
        String headline = (listed
                        ? "No RDMA device found on host " + info.host()
                        : "No RDMA device in the bundle of host " + info.host()
                                + " (it has no RDMA inventory: rdma link show, ibv_devinfo -v, show_gids, ibdev2netdev)")
                + ": only generic checks ran (PCIe, IRQs, queues, CPU, physical link); the RoCE checks were not evaluated.";
        return new Report.Analysed(headline, scope, nics.size(), 0, names, switches);
    }

    /** The sources that list a host's RDMA devices: one of them read and empty means the host has none. */
    private static final Set<SourceKind> RDMA_INVENTORY =
            Set.of(SourceKind.RDMA_LINK, SourceKind.IBV_DEVINFO, SourceKind.SHOW_GIDS, SourceKind.IBDEV2NETDEV);

    /** The last report's groups and what they were made of: a fleet's hosts most often leave out the same rules. */
    private record Groups(
            List<Report.NotEvaluatedRule> notEvaluated,
            Map<String, RuleInfo> catalog,
            Layout layout,
            List<Report.NotEvaluatedGroup> groups) {}

    private static volatile Groups lastGroups;

    /**
     * {@link #groups}, reused when the rules not evaluated are those of the last report (one list comparison
     * instead of spelling every requirement again: ~40% of a sosreport's report, which leaves out ~60 rules).
     */
    private static List<Report.NotEvaluatedGroup> lastGroups(
            List<Report.NotEvaluatedRule> notEvaluated, Map<String, RuleInfo> catalog, Layout layout) {
        Groups last = lastGroups;
        if (last != null
                && last.catalog() == catalog
                && last.layout() == layout
                && last.notEvaluated().equals(notEvaluated)) {
            return last.groups();
        }
        List<Report.NotEvaluatedGroup> groups = groups(notEvaluated, catalog, layout);
        lastGroups = new Groups(notEvaluated, catalog, layout, groups);
        return groups;
    }

    /**
     * The rules not evaluated, one group per source not collected (with the sos plugins that take it,
     * for a sosreport), per unreadable source, or per other reason; the groups blocking most rules first.
     */
    static List<Report.NotEvaluatedGroup> groups(
            List<Report.NotEvaluatedRule> notEvaluated, Map<String, RuleInfo> catalog, Layout layout) {
        Map<String, Set<String>> rules = new LinkedHashMap<>();
        Map<String, String> hints = new HashMap<>();
        for (Report.NotEvaluatedRule n : notEvaluated) {
            Map<String, RuleInfo.Requirement> bySpelling = new HashMap<>();
            RuleInfo info = catalog.get(n.rule());
            if (info != null) {
                info.requirements().forEach(r -> bySpelling.put(RuleEngine.spelling(r), r));
            }
            for (String m : n.missing()) {
                String why = "not collected: " + m;
                rules.computeIfAbsent(why, k -> new TreeSet<>()).add(n.rule());
                RuleInfo.Requirement r = bySpelling.get(m);
                if (r != null && layout == Layout.SOSREPORT) {
                    hints.put(why, sosHint(r));
                }
            }
            n.unreadable()
                    .forEach(u -> rules.computeIfAbsent("collected but unreadable: " + u, k -> new TreeSet<>())
                            .add(n.rule()));
            if (n.missing().isEmpty() && n.unreadable().isEmpty()) {
                rules.computeIfAbsent(n.reason() == null ? "not evaluated" : n.reason(), k -> new TreeSet<>())
                        .add(n.rule());
            }
        }
        return rules.entrySet().stream()
                .sorted(Comparator.comparingInt((Map.Entry<String, Set<String>> e) ->
                                -e.getValue().size())
                        .thenComparing(Map.Entry::getKey))
                .map(e -> new Report.NotEvaluatedGroup(e.getKey(), List.copyOf(e.getValue()), hints.get(e.getKey())))
                .toList();
    }

    /** Which sos plugin would have taken a requirement, or that none does (then only `collect` gets it). */
    private static String sosHint(RuleInfo.Requirement r) {
        List<Enum<?>> kinds =
                r.alternatives().stream().flatMap(Set::stream).distinct().toList();
        if (kinds.stream().allMatch(k -> k instanceof io.rocedoctor.bundle.SwitchSourceKind)) {
            return "a switch's own dump, added to the bundle (docs/collect.md)";
        }
        List<String> plugins = kinds.stream()
                .filter(SourceKind.class::isInstance)
                .map(k -> SosPlugins.of((SourceKind) k))
                .flatMap(java.util.Optional::stream)
                .map(SosPlugins.Taken::plugin)
                .distinct()
                .sorted()
                .toList();
        return plugins.isEmpty()
                ? "no sos plugin takes it: run roce-doctor collect on the host"
                : "taken by the sos plugin " + String.join(" or ", plugins) + ": sos report -e " + plugins.get(0)
                        + " on a host that has the tool";
    }

    /**
     * A rule kept out for its sources, each unmet requirement told as not collected, or as collected
     * but unreadable with the file, line and reason of each capture of it that failed; {@code usable}
     * is the ledger's usable host and switch kinds, made once per report. When no capture of the bundle is
     * unreadable ({@code anyUnreadable} false) every unmet requirement is not collected, as the diagnosis says,
     * and the rule's requirements need not be looked at again (~60 rules of a sosreport).
     */
    private static Report.NotEvaluatedRule notEvaluated(
            NotEvaluated n, RuleInfo rule, SourceLedger ledger, Set<Enum<?>> usable, boolean anyUnreadable) {
        if (rule == null || n.missing().isEmpty() || !anyUnreadable) {
            return new Report.NotEvaluatedRule(n.rule(), n.missing(), n.reason());
        }
        List<RuleInfo.Requirement> unmet =
                rule.requirements().stream().filter(r -> !r.metBy(usable)).toList();
        if (unmet.size() != n.missing().size()) {
            return new Report.NotEvaluatedRule(n.rule(), n.missing(), n.reason());
        }
        List<String> missing = new ArrayList<>();
        List<String> unreadable = new ArrayList<>();
        for (int i = 0; i < unmet.size(); i++) {
            String needed = n.missing().get(i);
            List<String> failed = unmet.get(i).alternatives().stream()
                    .flatMap(Set::stream)
                    .distinct()
                    .flatMap(kind -> ledger.unreadable(kind).stream())
                    .distinct()
                    .toList();
            if (failed.isEmpty()) {
                missing.add(needed);
            } else {
                failed.forEach(f -> unreadable.add(needed + " (" + f + ")"));
            }
        }
        String reason = unreadable.isEmpty()
                ? n.reason()
                : missing.isEmpty() ? "sources collected but unreadable" : "sources not collected or unreadable";
        return new Report.NotEvaluatedRule(n.rule(), missing, unreadable, reason);
    }
}
