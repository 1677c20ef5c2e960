package io.rocedoctor.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Writes a plan's folder: plan.yaml, apply.sh, rollback.sh, switch/NAME.txt per switch, persist/,
 * and {@value #MANIFEST}, which lists those files and whose plan they are, so a later plan knows
 * what it may replace. A folder is written only when it is empty or new, or, with {@code replace},
 * when it holds a previous plan of the same host and nothing else (docs/planner.md).
 */
public final class PlanFiles {
    /** The list of a plan folder's files; first line: the host identity the plan is for. */
    static final String MANIFEST = ".roce-doctor-plan";

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
                    .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                    .disable(YAMLGenerator.Feature.SPLIT_LINES)
                    .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES))
            .setDefaultPropertyInclusion(
                    JsonInclude.Value.construct(JsonInclude.Include.NON_EMPTY, JsonInclude.Include.NON_EMPTY))
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

    private PlanFiles() {}

    /** Why a folder cannot take a plan: the message names the folder and the reason. */
    public static final class RefusedFolder extends Exception {
        private static final long serialVersionUID = 1L;

        RefusedFolder(String message) {
            super(message);
        }
    }

    public static String yaml(Plan plan) {
        try {
            return YAML.writeValueAsString(plan);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("plan cannot be serialised: " + e.getMessage(), e);
        }
    }

    /** The files by relative path, so tests and the command write the same bytes. */
    public static Map<String, String> render(Plan plan) {
        String yaml = yaml(plan);
        String id = fingerprint(yaml);
        Map<String, String> files = new LinkedHashMap<>();
        files.put("plan.yaml", yaml);
        files.put("apply.sh", ShellScripts.apply(plan, id));
        files.put("rollback.sh", ShellScripts.rollback(plan, id));
        switchTexts(plan).forEach((name, text) -> files.put("switch/" + name + ".txt", text));
        files.putAll(PersistFiles.render(plan, id));
        return files;
    }

    /** Writes into a new or empty folder. */
    public static void write(Plan plan, Path folder) throws IOException, RefusedFolder {
        write(plan, folder, false);
    }

    /**
     * Writes the plan into {@code folder}: refused when it is a symbolic link, not a folder, or not
     * empty; with {@code replace}, a folder holding a previous plan of the same host (and nothing
     * else but its {@code state/}) has that plan's files removed first. A {@code state/} still
     * recording applied changes is never replaced: its rollback.sh has to run first.
     */
    public static void write(Plan plan, Path folder, boolean replace) throws IOException, RefusedFolder {
        Map<String, String> files = render(plan);
        if (Files.isSymbolicLink(folder)) {
            throw new RefusedFolder(folder + " is a symbolic link: give the folder itself");
        }
        if (Files.exists(folder, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
            throw new RefusedFolder(folder + " is not a folder");
        }
        if (Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
            refuseRecordedState(folder);
            List<String> previous = previousPlan(folder, plan, replace);
            for (String name : previous) {
                Files.deleteIfExists(folder.resolve(name));
            }
            for (String dir : List.of("switch", "persist/sysctl.d", "persist/systemd", "persist/udev", "persist")) {
                Path d = folder.resolve(dir);
                if (Files.isDirectory(d, LinkOption.NOFOLLOW_LINKS) && isEmpty(d)) {
                    Files.delete(d);
                }
            }
        }
        Files.createDirectories(folder);
        for (Map.Entry<String, String> e : files.entrySet()) {
            Path file = folder.resolve(e.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, e.getValue(), StandardCharsets.UTF_8);
            if (e.getKey().endsWith(".sh")) {
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }
        StringBuilder manifest = new StringBuilder(identity(plan)).append('\n');
        files.keySet().forEach(k -> manifest.append(k).append('\n'));
        Files.writeString(folder.resolve(MANIFEST), manifest.toString(), StandardCharsets.UTF_8);
    }

    /** The host a plan is for, as its manifest's first line records it. */
    private static String identity(Plan plan) {
        return "roce-doctor plan for host " + (plan.host() == null ? "-" : plan.host()) + " machine "
                + (plan.machine() == null ? "-" : plan.machine());
    }

    private static void refuseRecordedState(Path folder) throws IOException, RefusedFolder {
        Path state = folder.resolve("state");
        if (Files.isDirectory(state, LinkOption.NOFOLLOW_LINKS)) {
            try (Stream<Path> records = Files.list(state)) {
                if (records.anyMatch(p -> p.getFileName().toString().endsWith(".key"))) {
                    throw new RefusedFolder(state + " records changes of an earlier plan: run its rollback.sh --execute"
                            + " first, or choose another --out");
                }
            }
        }
    }

    /** The files of the previous plan in a non-empty folder, when it may be replaced; else why not. */
    private static List<String> previousPlan(Path folder, Plan plan, boolean replace)
            throws IOException, RefusedFolder {
        List<String> present = new ArrayList<>();
        try (Stream<Path> all = Files.walk(folder)) {
            for (Path p : all.filter(p -> !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
                    .toList()) {
                String name = folder.relativize(p).toString();
                if (!name.startsWith("state/")) {
                    present.add(name);
                }
            }
        }
        if (present.isEmpty()) {
            return List.of();
        }
        Path manifest = folder.resolve(MANIFEST);
        Optional<List<String>> listed = Files.isRegularFile(manifest, LinkOption.NOFOLLOW_LINKS)
                ? Optional.of(Files.readAllLines(manifest, StandardCharsets.UTF_8))
                : Optional.empty();
        if (listed.isEmpty() || listed.get().isEmpty()) {
            throw new RefusedFolder(
                    folder + " is not empty and holds no roce-doctor plan: choose an empty or new folder");
        }
        if (!listed.get().get(0).equals(identity(plan))) {
            throw new RefusedFolder(folder + " holds the plan of another host ("
                    + GeneratedText.comment(listed.get().get(0)) + "): choose another folder");
        }
        if (!replace) {
            throw new RefusedFolder(folder + " holds a previous plan of this host: --replace replaces it");
        }
        List<String> ours = new ArrayList<>(listed.get().subList(1, listed.get().size()));
        ours.add(MANIFEST);
        List<String> foreign =
                present.stream().filter(n -> !ours.contains(n)).sorted().toList();
        if (!foreign.isEmpty()) {
            throw new RefusedFolder(folder + " holds files the previous plan did not write ("
                    + GeneratedText.comment(foreign.get(0))
                    + (foreign.size() > 1 ? " and " + (foreign.size() - 1) + " more" : "") + "): move them away first");
        }
        return present;
    }

    private static boolean isEmpty(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty();
        }
    }

    /** Per switch (its name was validated as a switch name, so it is a safe file name), its steps' commands. */
    static Map<String, String> switchTexts(Plan plan) {
        Map<String, StringBuilder> out = new TreeMap<>();
        for (Plan.Step step : plan.steps()) {
            for (Plan.SwitchPart part : step.switches()) {
                StringBuilder s = out.computeIfAbsent(
                        part.name(),
                        n -> new StringBuilder("# roce-doctor: commands for switch "
                                + n
                                + (plan.host() == null
                                        ? ""
                                        : ", from the plan of host " + GeneratedText.comment(plan.host()))
                                + ".\n# Run a step when apply.sh reaches it; its rollback undoes it.\n"));
                s.append("\n## step ")
                        .append(step.step())
                        .append(" (")
                        .append(part.platform())
                        .append("): ")
                        .append(GeneratedText.comment(step.summary()))
                        .append('\n');
                section(s, "apply", part.apply());
                section(s, "verify", part.verify());
                section(s, "rollback", part.rollback());
            }
        }
        Map<String, String> texts = new TreeMap<>();
        out.forEach((k, v) -> texts.put(k, v.toString()));
        return texts;
    }

    private static void section(StringBuilder s, String title, List<String> lines) {
        s.append("# ").append(title).append('\n');
        lines.forEach(l -> s.append(l).append('\n'));
    }

    private static String fingerprint(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
