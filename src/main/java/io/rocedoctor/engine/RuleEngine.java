package io.rocedoctor.engine;

import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.bundle.SwitchSourceKind;
import io.rocedoctor.facts.Facts;
import io.rocedoctor.facts.Nic;
import io.rocedoctor.facts.Port;
import io.rocedoctor.facts.RdmaDevice;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.drools.core.common.ReteEvaluator;
import org.drools.model.Model;
import org.drools.modelcompiler.KieBaseBuilder;
import org.kie.api.KieBase;
import org.kie.api.definition.KiePackage;
import org.kie.api.definition.rule.Rule;
import org.kie.api.io.ResourceType;
import org.kie.api.runtime.KieSession;
import org.kie.api.runtime.KieSessionsPool;
import org.kie.internal.builder.KnowledgeBuilder;
import org.kie.internal.builder.KnowledgeBuilderFactory;
import org.kie.internal.io.ResourceFactory;

/**
 * The rulebase: the executable model precompiled at build time, loaded directly (no kmodule.xml,
 * no DRL parsing at start), plus any user DRL from {@code --rules DIR}. One KieBase serves a
 * fresh session per bundle. Rules whose sources the bundle lacks are not fired but reported
 * as not evaluated, as are counter rules under a configuration-only profile.
 */
public final class RuleEngine {
    /**
     * The layers whose rules judge RoCE: they are not evaluated on a NIC without an RDMA device (a
     * virtio or plain Ethernet NIC has no RoCE to misconfigure), and not at all on a host without one.
     */
    public static final Set<RuleLayer> ROCE_LAYERS = Set.of(
            RuleLayer.HOST_QOS, RuleLayer.CONGESTION, RuleLayer.TRANSPORT, RuleLayer.END_TO_END, RuleLayer.BASELINE);
    /** Why a RoCE rule was not judged on a host without any RDMA device. */
    public static final String NO_RDMA_DEVICE = "no RDMA device in the bundle";

    private static final String MODEL_INDEX = "META-INF/kie/io.rocedoctor/roce-doctor/drools-model";
    private static volatile KieBase builtIn;

    private final KieBase kieBase;
    private final Map<String, RuleInfo> catalog;
    /** Built-in rule names a user rule replaces, and the packages the user rules live in. */
    private final Set<String> overridden;

    private final Set<String> userPackages;
    /** The facts worth inserting: null inserts every one (the reference the tests compare with). */
    private final MatchableFacts matchable;
    /**
     * Sessions kept for the next bundle, made on first use: a session given back is reset (facts, agenda,
     * handle numbers) rather than built again with its node memories.
     */
    private volatile KieSessionsPool sessions;

    private RuleEngine(KieBase kieBase, Set<String> overridden, Set<String> userPackages) {
        this(kieBase, overridden, userPackages, new MatchableFacts(kieBase));
    }

    private RuleEngine(KieBase kieBase, Set<String> overridden, Set<String> userPackages, MatchableFacts matchable) {
        this.kieBase = kieBase;
        this.overridden = java.util.Collections.unmodifiableSet(new java.util.TreeSet<>(overridden));
        this.userPackages = java.util.Collections.unmodifiableSet(new java.util.TreeSet<>(userPackages));
        this.catalog = readCatalog(kieBase, this::replaced);
        this.matchable = matchable;
    }

    /** The same rules with every fact inserted, none left out as unmatchable: what the tests compare the engine with. */
    RuleEngine insertingEveryFact() {
        return new RuleEngine(kieBase, overridden, userPackages, null);
    }

    /** True for a built-in rule that a user rule of the same name replaces. */
    private boolean replaced(Rule r) {
        return overridden.contains(r.getName()) && !userPackages.contains(r.getPackageName());
    }

    /** The built-in rules only. */
    public static RuleEngine builtIn() {
        return new RuleEngine(builtInKieBase(), Set.of(), Set.of());
    }

    /**
     * The built-in rules plus the DRL files of a folder, compiled now, in a package of their own. A
     * user rule with the name of a built-in rule replaces it: the built-in one no longer fires and
     * the catalog shows the user rule's metadata.
     */
    public static RuleEngine withUserRules(Path folder) throws IOException {
        List<Path> drl;
        try (Stream<Path> s = Files.list(folder)) {
            drl = s.filter(p -> p.toString().endsWith(".drl")).sorted().toList();
        }
        if (drl.isEmpty()) {
            throw new IOException(folder + ": no .drl file in this folder");
        }
        // Alpha-node hashing mixed the precompiled model's constraints with those of DRL compiled now:
        // a user rule repeating a built-in pattern (PriorityPause( direction == "rx", ... )) silenced
        // the built-in rule. Without hashing each constraint is evaluated on its own.
        java.util.Properties unhashed = new java.util.Properties();
        unhashed.setProperty("drools.alphaNodeHashingThreshold", "0");
        KieBase base = KieBaseBuilder.createKieBaseFromModel(
                loadModels(),
                org.drools.core.impl.RuleBaseFactory.newKnowledgeBaseConfiguration(
                        unhashed, RuleEngine.class.getClassLoader()));
        Map<String, Set<String>> builtInRules = new TreeMap<>();
        for (KiePackage pkg : base.getKiePackages()) {
            pkg.getRules()
                    .forEach(r -> builtInRules
                            .computeIfAbsent(pkg.getName(), k -> new HashSet<>())
                            .add(r.getName()));
        }
        KnowledgeBuilder builder = KnowledgeBuilderFactory.newKnowledgeBuilder(base);
        for (Path p : drl) {
            builder.add(
                    ResourceFactory.newByteArrayResource(Files.readAllBytes(p))
                            .setSourcePath(p.getFileName().toString()),
                    ResourceType.DRL);
            if (builder.hasErrors()) {
                throw new IOException(p + ": " + builder.getErrors().toString().strip());
            }
        }
        Set<String> userRules = new HashSet<>();
        Set<String> userPackages = new HashSet<>();
        builder.getKnowledgePackages().forEach(pkg -> {
            userPackages.add(pkg.getName());
            pkg.getRules().forEach(r -> userRules.add(r.getName()));
        });
        Set<String> overridden = new HashSet<>();
        for (Map.Entry<String, Set<String>> pkg : builtInRules.entrySet()) {
            if (userPackages.contains(pkg.getKey())) {
                throw new IOException(
                        folder + ": user rules need a package of their own, not the built-in '" + pkg.getKey() + "'");
            }
            pkg.getValue().stream().filter(userRules::contains).forEach(overridden::add);
        }
        // The replaced built-in rule stays in the network and its matches are filtered out:
        // removing it from the precompiled KieBase broke other rules sharing its nodes.
        ((org.drools.kiesession.rulebase.InternalKnowledgeBase) base).addPackages(builder.getKnowledgePackages());
        try {
            return new RuleEngine(base, overridden, userPackages);
        } catch (IllegalArgumentException e) {
            throw new IOException(folder + ": " + e.getMessage(), e); // a user rule's @layer or @severity
        }
    }

    /**
     * Builds the built-in rulebase on a daemon thread, so that it is ready (or nearly) when the
     * first bundle's facts are; {@link #builtIn()} waits for it. Nothing changes but the timing.
     */
    public static void buildInBackground() {
        Thread t = new Thread(
                () -> {
                    try {
                        builtInKieBase();
                    } catch (RuntimeException | Error e) {
                        // the caller's own build reports it
                    }
                },
                "rulebase");
        t.setDaemon(true);
        t.start();
    }

    static KieBase builtInKieBase() {
        KieBase kb = builtIn;
        if (kb == null) {
            synchronized (RuleEngine.class) {
                if (builtIn == null) {
                    builtIn = KieBaseBuilder.createKieBaseFromModel(loadModels());
                }
                kb = builtIn;
            }
        }
        return kb;
    }

    private static List<Model> loadModels() {
        List<Model> models = new ArrayList<>();
        try (InputStream in = RuleEngine.class.getClassLoader().getResourceAsStream(MODEL_INDEX)) {
            if (in == null) {
                throw new IllegalStateException("no precompiled rules in the classpath (" + MODEL_INDEX
                        + "): the build did not run kie-maven-plugin");
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String content = r.lines().reduce("", (a, b) -> a + "\n" + b);
            for (String token : content.split("\\s+")) {
                if (token.isEmpty() || token.startsWith("Drools-Model-Version")) {
                    continue;
                }
                models.add(Class.forName(token)
                        .asSubclass(Model.class)
                        .getDeclaredConstructor()
                        .newInstance());
            }
        } catch (IOException | ReflectiveOperationException e) {
            throw new IllegalStateException("cannot load the precompiled rules: " + e, e);
        }
        return models;
    }

    private static Map<String, RuleInfo> readCatalog(KieBase kb, java.util.function.Predicate<Rule> replaced) {
        Map<String, RuleInfo> out = new TreeMap<>();
        for (KiePackage pkg : kb.getKiePackages()) {
            for (Rule r : pkg.getRules()) {
                Map<String, Object> meta = r.getMetaData();
                if (!meta.containsKey("layer") || replaced.test(r)) {
                    continue; // derivation and causes rules are not catalog rules
                }
                out.put(
                        r.getName(),
                        new RuleInfo(
                                r.getName(),
                                RuleLayer.of(text(meta.get("layer"))),
                                Severity.of(text(meta.get("severity"))),
                                text(meta.get("summary")),
                                RuleInfo.requirements(text(meta.get("sources"))),
                                "counter".equals(text(meta.get("kind")))));
            }
        }
        return out;
    }

    private static String text(Object o) {
        return o == null ? "" : String.valueOf(o).replaceAll("^\"|\"$", "");
    }

    public Map<String, RuleInfo> catalog() {
        return catalog;
    }

    /** Fires the rules over one bundle's facts in a fresh session. */
    public Diagnosis diagnose(Facts facts, Profile profile) {
        Set<Enum<?>> usable = new HashSet<>(facts.ledger().usableKinds());
        usable.addAll(facts.ledger().usableSwitchKinds());
        // The host's devices, ports and NICs by type: its thousands of other facts need not be looked at for them.
        WithoutRdma withoutRdma = WithoutRdma.of(facts.of(RdmaDevice.class), facts.of(Port.class), facts.of(Nic.class));
        return diagnose(facts.all(), profile, usable, withoutRdma, false);
    }

    /** Fires the host rules over one host's facts, treating the given host and switch source kinds as collected. */
    public Diagnosis diagnose(java.util.Collection<?> facts, Profile profile, Set<? extends Enum<?>> usable) {
        return diagnose(facts, profile, usable, WithoutRdma.of(facts), false);
    }

    /**
     * Fires the fleet rules (layer {@code fleet}) over the per-host summaries of several bundles;
     * {@code usable} is what any host collected. Host rules and fleet rules never report on each
     * other's runs: a single bundle says nothing of fleet rules, the fleet section nothing of host rules.
     */
    public Diagnosis diagnoseFleet(java.util.Collection<?> facts, Profile profile, Set<? extends Enum<?>> usable) {
        return diagnose(facts, profile, usable, WithoutRdma.NONE, true);
    }

    private Diagnosis diagnose(
            java.util.Collection<?> facts,
            Profile profile,
            Set<? extends Enum<?>> usable,
            WithoutRdma withoutRdma,
            boolean fleet) {
        Unjudged unjudged = unjudged(new Unjudged.Key(Set.copyOf(usable), withoutRdma.wholeHost(), profile, fleet));
        Set<String> skipped = unjudged.skipped();
        List<NotEvaluated> notEvaluated = new ArrayList<>(unjudged.notEvaluated());
        KieSession session = sessions().newKieSession();
        try {
            session.insert(profile.thresholds());
            MatchableFacts.Probe probe =
                    unjudged.matchable() == null ? null : unjudged.matchable().probe((ReteEvaluator) session);
            for (Object f : facts) {
                if (probe == null || readBack(f) || probe.matchable(f)) {
                    session.insert(f);
                }
            }
            // A RoCE rule's match on a port or NIC without an RDMA device is not judged (and said so below).
            Map<String, Set<String>> notOnRdma = new TreeMap<>();
            session.fireAllRules(match -> {
                String rule = match.getRule().getName();
                if (skipped.contains(rule) || replaced(match.getRule())) {
                    return false;
                }
                RuleInfo info = catalog.get(rule);
                if (info != null && ROCE_LAYERS.contains(info.layer())) {
                    Set<String> without = withoutRdma.named(match.getObjects());
                    if (!without.isEmpty()) {
                        notOnRdma
                                .computeIfAbsent(rule, k -> new java.util.TreeSet<>())
                                .addAll(without);
                        return false;
                    }
                }
                return true;
            });
            notOnRdma.forEach((rule, names) -> notEvaluated.add(new NotEvaluated(
                    rule, List.of(), "not judged on " + String.join(", ", names) + ": no RDMA device there")));
            List<Finding> findings = new ArrayList<>();
            List<Explains> explains = new ArrayList<>();
            for (Object o : session.getObjects()) {
                if (o instanceof Finding f) {
                    findings.add(resolve(f, profile));
                } else if (o instanceof Explains e) {
                    explains.add(new Explains(resolve(e.cause(), profile), resolve(e.symptom(), profile)));
                } else if (o instanceof NotEvaluated n && !skipped.contains(n.rule())) {
                    // A rule that ran but could not judge part of what it covers says so itself.
                    notEvaluated.add(n);
                }
            }
            findings.sort(Comparator.comparing(Finding::id).thenComparing(Finding::subject));
            // A rule can say it could not judge several parts (PAUSE_STORM on two ports): the session's own order
            // of those is salted per process, so the reason and the sources missing order them too.
            notEvaluated.sort(Comparator.comparing(NotEvaluated::rule)
                    .thenComparing(NotEvaluated::reason, Comparator.nullsFirst(Comparator.naturalOrder()))
                    .thenComparing(n -> String.join(",", n.missing())));
            return new Diagnosis(findings, explains, notEvaluated, unjudged.evaluated());
        } finally {
            session.dispose();
        }
    }

    /**
     * The rules a run leaves out before the session (the other run's layer, sources not collected, a host
     * without RDMA, a configuration-only profile), what the report says of each, the rules judged, and the facts
     * those can match (null: every fact is inserted).
     */
    private record Unjudged(
            Set<String> skipped, List<NotEvaluated> notEvaluated, List<String> evaluated, MatchableFacts matchable) {
        /** What decides them: the same for every bundle of a fleet that collected the same sources. */
        record Key(Set<? extends Enum<?>> usable, boolean withoutRdma, Profile profile, boolean fleet) {}
    }

    /** The last run's rules left out, kept for the next run, which is most often alike (a fleet's hosts). */
    private volatile Map.Entry<Unjudged.Key, Unjudged> lastUnjudged;

    private Unjudged unjudged(Unjudged.Key key) {
        Map.Entry<Unjudged.Key, Unjudged> last = lastUnjudged;
        if (last != null && last.getKey().equals(key)) {
            return last.getValue();
        }
        Set<String> skipped = new HashSet<>();
        List<NotEvaluated> notEvaluated = new ArrayList<>();
        for (RuleInfo rule : catalog.values()) {
            if ((rule.layer() == RuleLayer.FLEET) != key.fleet()) {
                skipped.add(rule.id());
                continue;
            }
            List<String> missing = missing(rule, key.usable());
            if (key.withoutRdma() && ROCE_LAYERS.contains(rule.layer())) {
                // Before its sources: a host without RDMA lacks the RoCE captures too, and that is not what to fix.
                skipped.add(rule.id());
                notEvaluated.add(new NotEvaluated(rule.id(), List.of(), NO_RDMA_DEVICE));
            } else if (!missing.isEmpty()) {
                skipped.add(rule.id());
                notEvaluated.add(new NotEvaluated(rule.id(), missing, "sources not collected"));
            } else if (key.profile().configOnly() && rule.counter()) {
                skipped.add(rule.id());
                notEvaluated.add(new NotEvaluated(
                        rule.id(),
                        List.of(),
                        "profile " + key.profile().name() + " evaluates configuration rules only"));
            }
        }
        List<String> evaluated = catalog.keySet().stream()
                .filter(id -> !skipped.contains(id))
                .sorted()
                .toList();
        Set<String> left = Set.copyOf(skipped);
        Unjudged unjudged = new Unjudged(
                left, List.copyOf(notEvaluated), evaluated, matchable == null ? null : matchable.without(left));
        lastUnjudged = Map.entry(key, unjudged);
        return unjudged;
    }

    private KieSessionsPool sessions() {
        KieSessionsPool pool = sessions;
        if (pool == null) {
            synchronized (this) {
                if (sessions == null) {
                    sessions = kieBase.newKieSessionsPool(1);
                }
                pool = sessions;
            }
        }
        return pool;
    }

    /** What the diagnosis collects from the session whether or not a rule matched it. */
    private static boolean readBack(Object fact) {
        return fact instanceof Finding || fact instanceof Explains || fact instanceof NotEvaluated;
    }

    private Finding resolve(Finding f, Profile profile) {
        RuleInfo info = catalog.get(f.id());
        String severity = profile.severities().get(f.id());
        if (severity == null) {
            severity = f.severity() != null
                    ? f.severity()
                    : info == null ? Severity.INFO.label() : info.severity().label();
        }
        return new Finding(
                f.id(),
                f.subject(),
                f.scope(),
                f.confidence(),
                severity.toLowerCase(Locale.ROOT),
                f.evidence(),
                f.actions());
    }

    /** Requirements of a rule the bundle cannot meet, in the collector's spelling. */
    private static List<String> missing(RuleInfo rule, Set<? extends Enum<?>> usable) {
        List<String> out = new ArrayList<>();
        for (RuleInfo.Requirement requirement : rule.requirements()) {
            if (!requirement.metBy(usable)) {
                out.add(spelling(requirement));
            }
        }
        return out;
    }

    /** A requirement as the report says it: {@code mlnx_qos -i * or dcb pfc show dev *}. */
    public static String spelling(RuleInfo.Requirement requirement) {
        return String.join(
                " or ",
                requirement.alternatives().stream()
                        .map(all -> String.join(
                                " and ", all.stream().map(RuleEngine::generic).toList()))
                        .toList());
    }

    /**
     * A kind's command or file as a person reads it, each parameter a {@code *} (any interface, device,
     * port, IRQ...): {@code ethtool -S *}, {@code mlnx_qos -i *}, {@code switch: show
     * pfcwd config}; perftest is named by its programs. No template braces or made-up names reach a report.
     */
    public static String generic(Enum<?> kind) {
        return GENERIC.computeIfAbsent(kind, RuleEngine::genericOf);
    }

    /**
     * Each kind's generic spelling, made once: a bundle lacking sources spells its missing kinds for
     * every rule not evaluated, a regex replacement each (~5% of a sosreport's analysis).
     */
    private static final Map<Enum<?>, String> GENERIC = new java.util.concurrent.ConcurrentHashMap<>();

    private static final java.util.regex.Pattern PARAMETER = java.util.regex.Pattern.compile("\\{[a-z]+\\}");

    private static String genericOf(Enum<?> kind) {
        String template = kind instanceof SwitchSourceKind s
                ? "switch: " + s.templates().get(0)
                : ((SourceKind) kind).templates().get(0);
        if (template.startsWith("{program}")) {
            return "perftest output (ib_write_bw, ib_read_lat...)";
        }
        return PARAMETER.matcher(template.replace("{proto}", "udp4")).replaceAll("*");
    }
}
