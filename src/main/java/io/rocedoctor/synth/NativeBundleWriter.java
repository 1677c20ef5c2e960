package io.rocedoctor.synth;

import io.rocedoctor.bundle.Mangling;
import io.rocedoctor.bundle.Source;
import io.rocedoctor.bundle.SourceKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes one native bundle (docs/bundle-format.md): each capture under {@code commands/} or
 * {@code fs/} (later samples under {@code samples/N/}), and a manifest.yaml listing every capture,
 * failed ones with their exit code and error, and when each sample was taken.
 */
final class NativeBundleWriter {
    private final Path root;
    private final List<String> captures = new ArrayList<>();
    private final List<String> links = new ArrayList<>();

    NativeBundleWriter(Path root) throws IOException {
        this.root = root;
        Files.createDirectories(root);
    }

    void write(Source source, int sample, String text) throws IOException {
        write(source, sample, text, 0);
    }

    /** A capture whose command exited non-zero but printed its answer ({@code systemctl is-active} says "inactive" with 3). */
    void write(Source source, int sample, String text, int exit) throws IOException {
        write(source.display(), source.kind().origin(), sample, text, exit);
    }

    /**
     * A capture by its command line or path: a command in a spelling of its own ({@code ip -s -s link},
     * {@code ib_write_lat ...}) that the readers recognise, or a switch's source.
     */
    void write(String display, SourceKind.Origin origin, int sample, String text) throws IOException {
        write(display, origin, sample, text, 0);
    }

    private void write(String display, SourceKind.Origin origin, int sample, String text, int exit) throws IOException {
        String relative = (sample == 0 ? "" : "samples/" + sample + "/")
                + (origin == SourceKind.Origin.COMMAND ? "commands/" + Mangling.mangle(display) : "fs" + display);
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
        captures.add("  - {source: \"" + display + "\", sample: " + sample + ", path: " + relative + ", exit: " + exit
                + "}");
    }

    /** A capture the collector could not take: recorded, never silently dropped. */
    void failed(Source source, int exit, String error) {
        captures.add("  - {source: \"" + source.display() + "\", sample: 0, path: null, exit: " + exit + ", error: \""
                + error + "\"}");
    }

    /** Which switch port a host port faces: the manifest's {@code links:}. */
    void link(String hostPort, String switchName, String switchPort) {
        links.add("  - {host_port: " + hostPort + ", switch: " + switchName + ", switch_port: " + switchPort + "}");
    }

    void finish(String host, List<Instant> samples) throws IOException {
        writeManifest(
                "format: 1\nhost: " + host + "\ncollected_at: " + samples.get(0) + "\ncollector: roce-doctor synth\n",
                samples);
    }

    /** A switch dump's manifest ({@code switches/<name>/manifest.yaml}) names its platform. */
    void finishSwitch(String platform, String name, List<Instant> samples) throws IOException {
        writeManifest("platform: " + platform + "\nhost: " + name + "\n", samples);
    }

    private void writeManifest(String header, List<Instant> samples) throws IOException {
        StringBuilder out = new StringBuilder(header).append("samples:\n");
        for (int n = 0; n < samples.size(); n++) {
            out.append("  - {n: ")
                    .append(n)
                    .append(", at: ")
                    .append(samples.get(n))
                    .append("}\n");
        }
        out.append("captures:\n");
        captures.forEach(c -> out.append(c).append('\n'));
        if (!links.isEmpty()) {
            out.append("links:\n");
            links.forEach(l -> out.append(l).append('\n'));
        }
        Files.writeString(root.resolve("manifest.yaml"), out.toString(), StandardCharsets.UTF_8);
    }
}
