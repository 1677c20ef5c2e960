package io.rocedoctor.engine;

import io.rocedoctor.bundle.SourceKind;
import io.rocedoctor.facts.Facts;
import io.rocedoctor.facts.Host;

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

import org.drools.model.Model;
import org.drools.modelcompiler.KieBaseBuilder;
import org.kie.api.KieBase;
import org.kie.api.definition.KiePackage;
import org.kie.api.definition.rule.Rule;
import org.kie.api.io.ResourceType;
import org.kie.api.runtime.KieSession;
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
    private static final String MODEL_INDEX = "META-INF/kie/io.rocedoctor/roce-doctor/drools-model";
    private static volatile KieBase builtIn;

    private final KieBase kieBase;
    private final Map<String, RuleInfo> catalog;

    private RuleEngine(KieBase kieBase) {
        this.kieBase = kieBase;
        this.catalog = readCatalog(kieBase);
    }

    /** The built-in rules only. */
    public static RuleEngine builtIn() {
        return new RuleEngine(builtInKieBase());
    }

    /**
     * The built-in rules plus the DRL files of a folder, compiled now. A user rule with the name
     * of a built-in rule replaces it.
     */
    public static RuleEngine withUserRules(Path folder) throws IOException {
        List<Path> drl;
        try (Stream<Path> s = Files.list(folder)) {
            drl = s.filter(p -> p.toString().endsWith(".drl")).sorted().toList();
        }
        if (drl.isEmpty()) {
            throw new IOException(folder + ": no .drl file in this folder");
        }
        KieBase base = KieBaseBuilder.createKieBaseFromModel(loadModels());
        KnowledgeBuilder builder = KnowledgeBuilderFactory.newKnowledgeBuilder(base);
        for (Path p : drl) {
            builder.add(ResourceFactory.newByteArrayResource(Files.readAllBytes(p)).setSourcePath(p.getFileName().toString()), ResourceType.DRL);
            if (builder.hasErrors()) {
                throw new IOException(p + ": " + builder.getErrors().toString().strip());
            }
        }
        Set<String> userRules = new HashSet<>();
        builder.getKnowledgePackages().forEach(pkg -> pkg.getRules().forEach(r -> userRules.add(r.getName())));
        for (KiePackage pkg : base.getKiePackages()) {
            for (Rule r : List.copyOf(pkg.getRules())) {
                if (userRules.contains(r.getName()) && !isUserPackage(builder, pkg.getName())) {
                    base.removeRule(pkg.getName(), r.getName());
                }
            }
        }
        ((org.drools.kiesession.rulebase.InternalKnowledgeBase) base).addPackages(builder.getKnowledgePackages());
        return new RuleEngine(base);
    }

    private static boolean isUserPackage(KnowledgeBuilder builder, String name) {
        return builder.getKnowledgePackages().stream().anyMatch(p -> p.getName().equals(name))
                && !name.equals("io.rocedoctor.rules");
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
                throw new IllegalStateException("no precompiled rules in the classpath (" + MODEL_INDEX + "): the build did not run kie-maven-plugin");
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String content = r.lines().reduce("", (a, b) -> a + "\n" + b);
            for (String token : content.split("\\s+")) {
                if (token.isEmpty() || token.startsWith("Drools-Model-Version")) {
                    continue;
                }
                models.add((Model) Class.forName(token).getDeclaredConstructor().newInstance());
            }
        } catch (IOException | ReflectiveOperationException e) {
            throw new IllegalStateException("cannot load the precompiled rules: " + e, e);
        }
        return models;
    }

    private static Map<String, RuleInfo> readCatalog(KieBase kb) {
        Map<String, RuleInfo> out = new TreeMap<>();
        for (KiePackage pkg : kb.getKiePackages()) {
            for (Rule r : pkg.getRules()) {
                Map<String, Object> meta = r.getMetaData();
                if (!meta.containsKey("layer")) {
                    continue; // derivation and causes rules are not catalog rules
                }
                out.put(r.getName(), new RuleInfo(r.getName(), text(meta.get("layer")), text(meta.get("severity")),
                        text(meta.get("summary")), RuleInfo.requirements(text(meta.get("sources"))),
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

    /** How many rules the KieBase holds, catalog or not: the build must not lose any silently. */
    public int ruleCount() {
        return kieBase.getKiePackages().stream().mapToInt(p -> p.getRules().size()).sum();
    }

    /** Fires the rules over one bundle's facts in a fresh session. */
    public Diagnosis diagnose(Facts facts, Profile profile) {
        return diagnose(facts.all(), profile, facts.ledger().usableKinds());
    }

    /** Fires the rules over facts, treating the given source kinds as collected. */
    public Diagnosis diagnose(java.util.Collection<?> facts, Profile profile, Set<SourceKind> usable) {
        Set<String> skipped = new HashSet<>();
        List<NotEvaluated> notEvaluated = new ArrayList<>();
        // A rate needs two samples: with one, a counter rule can neither fire nor pass.
        boolean oneSample = facts.stream().anyMatch(f -> f instanceof Host h && h.samples() < 2);
        for (RuleInfo rule : catalog.values()) {
            List<String> missing = missing(rule, usable);
            if (!missing.isEmpty()) {
                skipped.add(rule.id());
                notEvaluated.add(new NotEvaluated(rule.id(), missing, "sources not collected"));
            } else if (profile.configOnly() && rule.counter()) {
                skipped.add(rule.id());
                notEvaluated.add(new NotEvaluated(rule.id(), List.of(),
                        "profile " + profile.name() + " evaluates configuration rules only"));
            } else if (oneSample && rule.counter()) {
                skipped.add(rule.id());
                notEvaluated.add(new NotEvaluated(rule.id(), List.of(), "one sample: counter rates need two (a sosreport has one)"));
            }
        }
        KieSession session = kieBase.newKieSession();
        try {
            session.insert(profile.thresholds());
            for (Object f : facts) {
                session.insert(f);
            }
            session.fireAllRules(match -> !skipped.contains(match.getRule().getName()));
            List<Finding> findings = new ArrayList<>();
            List<Explains> explains = new ArrayList<>();
            for (Object o : session.getObjects()) {
                if (o instanceof Finding f) {
                    findings.add(resolve(f, profile));
                } else if (o instanceof Explains e) {
                    explains.add(new Explains(resolve(e.cause(), profile), resolve(e.symptom(), profile)));
                }
            }
            findings.sort(Comparator.comparing(Finding::id).thenComparing(Finding::subject));
            notEvaluated.sort(Comparator.comparing(NotEvaluated::rule));
            List<String> evaluated = catalog.keySet().stream().filter(id -> !skipped.contains(id)).sorted().toList();
            return new Diagnosis(findings, explains, notEvaluated, evaluated);
        } finally {
            session.dispose();
        }
    }

    private Finding resolve(Finding f, Profile profile) {
        RuleInfo info = catalog.get(f.id());
        String severity = profile.severities().get(f.id());
        if (severity == null) {
            severity = f.severity() != null ? f.severity() : info == null ? "info" : info.severity();
        }
        return new Finding(f.id(), f.subject(), f.scope(), f.confidence(), severity.toLowerCase(Locale.ROOT),
                f.evidence(), f.actions());
    }

    /** Requirements of a rule the bundle cannot meet, in the collector's spelling. */
    private static List<String> missing(RuleInfo rule, Set<SourceKind> usable) {
        List<String> out = new ArrayList<>();
        for (Set<SourceKind> any : rule.requirements()) {
            if (any.stream().noneMatch(usable::contains)) {
                out.add(String.join(" or ", any.stream().map(RuleEngine::generic).toList()));
            }
        }
        return out;
    }

    /** A kind's command with placeholders a person recognises: {@code ethtool -S IF}. */
    static String generic(SourceKind kind) {
        return kind.templates().get(0).replace("{if}", "IF").replace("{dev}", "DEV").replace("{port}", "1")
                .replace("{bond}", "BOND").replace("{irq}", "N").replace("{prio}", "P").replace("{proto}", "udp4")
                .replace("{cpu}", "N").replace(" {args}", " ...");
    }
}
