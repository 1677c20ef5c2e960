package io.rocedoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import org.junit.jupiter.api.Test;

/** The DCQCN parameters MLNX_OFED's mlx5 shows under ecn/roce_rp and ecn/roce_np, one fact per file. */
class DcqcnFactsTest extends BundleFolderTest {
    private void host() throws Exception {
        write("manifest.yaml", "format: 1\nhost: h1\n");
        write(
                "commands/ethtool_-i_ens1f0np0",
                "driver: mlx5_core\nversion: 1\nfirmware-version: 22.1.1 (MT_1)\nbus-info: 0000:3b:00.0\n");
    }

    @Test
    void eachParameterFileIsAParameterOfItsPointWithTheFileAsSource() throws Exception {
        host();
        write("fs/sys/class/net/ens1f0np0/ecn/roce_rp/rpg_time_reset", "300\n");
        write("fs/sys/class/net/ens1f0np0/ecn/roce_np/min_time_between_cnps", "4\n");
        // The priority enable files are other kinds (ECN_*_POINT), not parameters.
        write("fs/sys/class/net/ens1f0np0/ecn/roce_rp/enable/3", "1\n");
        Facts f = facts();
        assertThat(f.of(DcqcnParameter.class))
                .extracting(DcqcnParameter::netdev, DcqcnParameter::key, DcqcnParameter::value, DcqcnParameter::source)
                .containsExactlyInAnyOrder(
                        tuple(
                                "ens1f0np0",
                                "roce_rp/rpg_time_reset",
                                300L,
                                "/sys/class/net/ens1f0np0/ecn/roce_rp/rpg_time_reset"),
                        tuple(
                                "ens1f0np0",
                                "roce_np/min_time_between_cnps",
                                4L,
                                "/sys/class/net/ens1f0np0/ecn/roce_np/min_time_between_cnps"));
    }

    @Test
    void nearMissAFileThatIsNotANumberGivesNoParameterAndTheLedgerSaysWhy() throws Exception {
        host();
        write("fs/sys/class/net/ens1f0np0/ecn/roce_rp/rpg_time_reset", "fast\n");
        Facts f = facts();
        assertThat(f.of(DcqcnParameter.class)).isEmpty();
        assertThat(f.ledger().failures())
                .extracting(SourceLedger.Failure::source)
                .anyMatch(s -> s.contains("rpg_time_reset"));
    }
}
