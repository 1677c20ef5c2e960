package io.rocedoctor.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.bundle.Bundle;
import io.rocedoctor.bundle.BundleReader;
import io.rocedoctor.facts.FactBuilder;
import io.rocedoctor.facts.Facts;
import io.rocedoctor.facts.IrqBinding;
import io.rocedoctor.parse.CpuSet;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a bundle's snapshot gives the planner as prior values: each IRQ's affinity and handler name. */
class SnapshotTest {
    private static Snapshot snapshot(IrqBinding... lines) throws Exception {
        try (Bundle b = new BundleReader().read(Path.of("fixtures/bundles/healthy"))) {
            Facts read = new FactBuilder().build(b);
            return Snapshot.of(Facts.of(read.host(), List.of(lines), read.ledger()))
                    .identified("machine-1", false);
        }
    }

    private static IrqBinding line(int irq, String name, CpuSet affinity) {
        return new IrqBinding(irq, name, "0000:3b:00", "0000:3b:00.0", true, affinity, 10, false, CpuSet.of(0));
    }

    @Test
    void anIrqsAffinityAndHandlerAreItsPriorValues() throws Exception {
        Snapshot s = snapshot(line(142, "mlx5_comp0@pci:0000:3b:00.0", CpuSet.of(0, 1, 2, 3)));
        assertThat(s.value("/proc/irq/142/smp_affinity_list")).contains("0-3");
        assertThat(s.value("/proc/interrupts IRQ 142")).contains("mlx5_comp0@pci:0000:3b:00.0");
        assertThat(s.values()).hasSize(2);
        assertThat(s.machine()).isEqualTo("machine-1");
    }

    @Test
    void nearMissALineWithoutAnAffinityHasOnlyItsHandler() throws Exception {
        Snapshot s = snapshot(line(143, "mlx5_comp1@pci:0000:3b:00.0", null));
        assertThat(s.value("/proc/irq/143/smp_affinity_list")).isEmpty();
        assertThat(s.value("/proc/irq/142/smp_affinity_list")).isEmpty();
        assertThat(s.value("/proc/interrupts IRQ 143")).contains("mlx5_comp1@pci:0000:3b:00.0");
    }
}
