package io.rocedoctor.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.BundleException;
import io.rocedoctor.parse.CpuSet;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "facts",
        mixinStandardHelpOptions = true,
        description = {
            "Shows what roce-doctor understood from a bundle: the host, each NIC with its PCIe link, NUMA node, "
                    + "interrupt placement and ports (RDMA device, QoS), the bonds and the sources read.",
            "--full (and json) gives every fact: multipath groups, moving counters, GIDs, the sources parsed, "
                    + "missing and failed."
        },
        footer = {
            "",
            "Examples:",
            "  roce-doctor facts fixtures/bundles/healthy",
            "  roce-doctor facts bundle.tar.gz --full | less",
            "  roce-doctor facts bundle.tar.gz -f json"
        })
final class FactsCommand implements Callable<Integer> {

    enum Format {
        text,
        json
    }

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "1", paramLabel = "BUNDLE", description = "The bundle to read.")
    Path bundle;

    @Option(
            names = {"-f", "--format"},
            defaultValue = "text",
            description = "text (a summary; with --full every fact, indented) or json (every fact) "
                    + "(default: ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = "--full", description = "Every fact, in the text format too: today's complete dump.")
    boolean full;

    @CommandLine.Mixin
    BundleOptions bundleOptions;

    @Override
    public Integer call() throws JsonProcessingException, BadInputException, BundleException {
        FactsView view;
        try (Bundle b = bundleOptions.reader().read(bundle)) {
            view = FactsView.of(
                    Analysis.usableFacts(bundle, b, spec.commandLine().getErr()));
        }
        String text = format == Format.text && !full
                ? FactsSummary.of(view)
                : mapper(format).writeValueAsString(view);
        spec.commandLine().getOut().print(text.endsWith("\n") ? text : text + "\n");
        spec.commandLine().getOut().flush();
        return Main.OK;
    }

    /** Records as they are, CPU sets as their list syntax, nulls (not collected) left out. */
    private static ObjectMapper mapper(Format format) {
        ObjectMapper m = format == Format.json
                ? new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                : new ObjectMapper(new YAMLFactory()
                        .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                        .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES));
        return m.registerModule(new SimpleModule().addSerializer(CpuSet.class, ToStringSerializer.instance))
                .setDefaultPropertyInclusion(
                        JsonInclude.Value.construct(JsonInclude.Include.NON_NULL, JsonInclude.Include.NON_NULL))
                .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
    }
}
