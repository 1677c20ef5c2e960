package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** nvidia-smi topo -m: the GPU rows' NIC cells, with the NIC legend of newer drivers or without. */
class NvidiaTopoParserTest {
    private final NvidiaTopoParser parser = new NvidiaTopoParser();

    @Test
    void theJavadocSampleGivesEachGpuItsNicCellsAndAffinity() throws Exception {
        GpuTopology t = parser.parse(JavadocExample.of(NvidiaTopoParser.class));
        assertThat(t.gpus()).extracting(GpuTopology.GpuRow::gpu).containsExactly("GPU0", "GPU1");
        GpuTopology.GpuRow gpu0 = t.gpus().get(0);
        assertThat(gpu0.nics()).isEqualTo(Map.of("NIC0", "PIX", "NIC1", "SYS"));
        assertThat(gpu0.cpuAffinity()).isEqualTo("0-31");
        assertThat(gpu0.numaAffinity()).isEqualTo("0");
        assertThat(t.device("NIC1")).isEqualTo("mlx5_1");
    }

    @Test
    void anOlderDriverNamesTheNicColumnsByDeviceAndSaysSocForSys() throws Exception {
        // Before the NIC legend (and before R384, SOC for SYS); the header underlined on a terminal.
        String text = "\u001b[4m\tGPU0\tGPU1\tmlx5_0\tmlx5_1\tCPU Affinity\u001b[0m\n"
                + "GPU0\t X \tPHB\tPIX\tSOC\t0-13,28-41\n"
                + "GPU1\tPHB\t X \tPIX\tSOC\t0-13,28-41\n"
                + "mlx5_0\tPIX\tPIX\t X \tSOC\t\n"
                + "mlx5_1\tSOC\tSOC\tSOC\t X \t\n"
                + "\nLegend:\n\n  X   = Self\n  SOC  = Connection traversing PCIe as well as the SMP link between CPU sockets(e.g. QPI)\n";
        GpuTopology t = parser.parse(text);
        assertThat(t.gpus().get(1).nics()).isEqualTo(Map.of("mlx5_0", "PIX", "mlx5_1", "SYS"));
        assertThat(t.device("mlx5_0")).isEqualTo("mlx5_0");
        assertThat(t.gpus().get(1).numaAffinity()).isNull();
    }

    @Test
    void nearMissAnUnknownCellIsANoteAndTheRowsOtherCellsStand() throws Exception {
        String text = "\tGPU0\tNIC0\tNIC1\tCPU Affinity\n" + "GPU0\t X \tPIX\t???\t0-15\n" + "GPU1\t X \n";
        Parsed<GpuTopology> read = parser.read(text);
        assertThat(read.value().gpus()).hasSize(1);
        assertThat(read.value().gpus().get(0).nics()).isEqualTo(Map.of("NIC0", "PIX"));
        assertThat(read.notes()).extracting(LineNote::line).containsExactly(2, 3);
    }

    @Test
    void noDevicesFoundIsUnreadable() {
        assertThatThrownBy(() -> parser.parse("No devices were found\n")).isInstanceOf(ParseException.class);
    }

    @Property(tries = 200)
    void hostileTextNeverEscapesAsAnythingButAParseException(@ForAll("hostile") String text) {
        ParserFuzz.survives(parser, text);
    }

    @Provide
    Arbitrary<String> hostile() throws java.io.IOException {
        return ParserFuzz.randomOrMutated(JavadocExample.of(NvidiaTopoParser.class));
    }
}
