package io.rocedoctor.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ViewTest {
    private static Store.HostRow host(String name, Store.NicRow... nics) {
        return new Store.HostRow(name, 1, 0, 1, null, 0, List.of(nics));
    }

    @Test
    void aModelRunningTwoFirmwaresAcrossTheFleetIsMixed() {
        List<Store.HostRow> fleet = List.of(
                host("a", new Store.NicRow("mlx5_0", "ConnectX-6 Dx", "mlx5_core", "22.36.1010")),
                host(
                        "b",
                        new Store.NicRow("mlx5_0", "ConnectX-6 Dx", "mlx5_core", "22.39.2048"),
                        new Store.NicRow("bnxt_re0", "BCM57508", "bnxt_en", "227.0.131.0")),
                host("c", new Store.NicRow("bnxt_re0", "BCM57508", "bnxt_en", "227.0.131.0")));

        assertThat(View.mixedFirmware(fleet)).containsExactly("ConnectX-6 Dx");
    }

    @Test
    void oneFirmwareAndDriverEverywhereIsNotMixedNorIsAModelSeenOnce() {
        List<Store.HostRow> fleet = List.of(
                host("a", new Store.NicRow("mlx5_0", "ConnectX-6 Dx", "mlx5_core", "22.36.1010")),
                host(
                        "b",
                        new Store.NicRow("mlx5_0", "ConnectX-6 Dx", "mlx5_core", "22.36.1010"),
                        new Store.NicRow("bnxt_re0", "BCM57508", "bnxt_en", "227.0.131.0")));

        assertThat(View.mixedFirmware(fleet)).isEmpty();
    }

    @Test
    void aDriverChangeWithTheSameFirmwareIsMixedToo() {
        List<Store.HostRow> fleet = List.of(
                host("a", new Store.NicRow("mlx5_0", "ConnectX-6 Dx", "mlx5_core", "22.36.1010")),
                host("b", new Store.NicRow("mlx5_0", "ConnectX-6 Dx", "mlx5_core 24.10", "22.36.1010")));

        assertThat(View.mixedFirmware(fleet)).containsExactly("ConnectX-6 Dx");
    }
}
