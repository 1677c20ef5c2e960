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
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Writes a plan's folder: plan.yaml, apply.sh, rollback.sh and switch/NAME.txt per switch. */
public final class PlanFiles {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER).disable(YAMLGenerator.Feature.SPLIT_LINES)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES))
            .setSerializationInclusion(JsonInclude.Include.NON_EMPTY)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

    private PlanFiles() {
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
        return files;
    }

    public static void write(Plan plan, Path folder) throws IOException {
        Files.createDirectories(folder);
        for (Map.Entry<String, String> e : render(plan).entrySet()) {
            Path file = folder.resolve(e.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, e.getValue(), StandardCharsets.UTF_8);
            if (e.getKey().endsWith(".sh")) {
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }
    }

    /** Per switch (its name was validated as a switch name, so it is a safe file name), its steps' commands. */
    static Map<String, String> switchTexts(Plan plan) {
        Map<String, StringBuilder> out = new TreeMap<>();
        for (Plan.Step step : plan.steps()) {
            for (Plan.SwitchPart part : step.switches()) {
                StringBuilder s = out.computeIfAbsent(part.name(), n -> new StringBuilder("# roce-doctor: commands for switch "
                        + n + (plan.host() == null ? "" : ", from the plan of host " + plan.host())
                        + ".\n# Run a step when apply.sh reaches it; its rollback undoes it.\n"));
                s.append("\n## step ").append(step.step()).append(" (").append(part.platform()).append("): ")
                        .append(step.summary()).append('\n');
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
