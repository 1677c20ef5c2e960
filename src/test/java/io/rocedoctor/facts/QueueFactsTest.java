package io.rocedoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.parse.CpuSet;
import java.nio.file.Files;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** From ethtool -l/-g/-x/-n, local_cpulist, numactl and the governor files, the queue facts of each port. */
class QueueFactsTest extends BundleFolderTest {

    /** Port q0 on a two-node host (node 1: CPUs 8-15), 6 of 12 channels, an 8-entry table on queues 0-2. */
    @BeforeEach
    void bundle() throws Exception {
        write(
                "commands/ethtool_-i_q0",
                "driver: mlx5_core\nversion: 6.1\nfirmware-version: 26.1 (MT_2)\nbus-info: 0000:c1:00.1\n");
        write("fs/sys/class/net/q0/device/numa_node", "1\n");
        write("commands/numactl_-H", """
                available: 2 nodes (0-1)
                node 0 cpus: 0 1 2 3 4 5 6 7
                node 0 size: 64000 MB
                node 1 cpus: 8 9 10 11 12 13 14 15
                node 1 size: 64000 MB
                """);
        write("commands/ethtool_-l_q0", """
                Channel parameters for q0:
                Pre-set maximums:
                RX:		n/a
                TX:		n/a
                Other:		n/a
                Combined:	12
                Current hardware settings:
                RX:		n/a
                TX:		n/a
                Other:		n/a
                Combined:	6
                """);
        write("commands/ethtool_-g_q0", """
                Ring parameters for q0:
                Pre-set maximums:
                RX:		8192
                RX Mini:	n/a
                RX Jumbo:	n/a
                TX:		8192
                Current hardware settings:
                RX:		2048
                RX Mini:	n/a
                RX Jumbo:	n/a
                TX:		1024
                """);
        write("commands/ethtool_-x_q0", """
                RX flow hash indirection table for q0 with 6 RX ring(s):
                    0:      0     1     2     0     1     2     0     0
                RSS hash key:
                Operation not supported
                """);
        write("commands/ethtool_-n_q0_rx-flow-hash_udp4", """
                UDP over IPV4 flows use these fields for computing Hash flow key:
                IP SA
                IP DA
                """);
        write("commands/ethtool_-n_q0_rx-flow-hash_tcp4", """
                TCP over IPV4 flows use these fields for computing Hash flow key:
                IP SA
                IP DA
                L4 bytes 0 & 1 [TCP/UDP src port]
                L4 bytes 2 & 3 [TCP/UDP dst port]
                """);
        write("commands/ethtool_-n_q0_rx-flow-hash_udp6", """
                UDP over IPV6 flows use these fields for computing Hash flow key:
                IP SA
                IP DA
                """);
        write("fs/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "performance\n");
        write("fs/sys/devices/system/cpu/cpu9/cpufreq/scaling_governor", "powersave\n");
        write("fs/sys/devices/system/cpu/cpu10/cpufreq/scaling_governor", "performance\n");
    }

    @Test
    void queueConfigSummarisesChannelsRingsTableAndHashes() throws Exception {
        QueueConfig q = facts().of(QueueConfig.class).get(0);
        assertThat(q.port()).isEqualTo("q0");
        assertThat(q.localCpus()).isEqualTo(8); // node 1's CPUs
        assertThat(q.rxQueues()).isEqualTo(6);
        assertThat(q.maxRxQueues()).isEqualTo(12);
        assertThat(q.ringRx()).isEqualTo(2048);
        assertThat(q.maxRingRx()).isEqualTo(8192);
        assertThat(q.rssQueuesUsed()).isEqualTo(3);
        assertThat(q.rssWeightRatio()).isEqualTo(2.0); // queue 0 has 4 entries, queues 1 and 2 two each
        assertThat(q.flowHash()).isEqualTo(Map.of("udp4", "sd", "tcp4", "sdfn", "udp6", "sd"));
        assertThat(q.hashWithoutL4()).containsExactly("udp4"); // udp6 is not judged
    }

    @Test
    void localCpulistWinsOverTheNumaNode() throws Exception {
        write("fs/sys/class/net/q0/device/local_cpulist", "8-11\n");
        assertThat(facts().of(QueueConfig.class).get(0).localCpus()).isEqualTo(4);
    }

    @Test
    void withoutLscpuEveryLocalCpuCountsAsACore() throws Exception {
        assertThat(facts().of(QueueConfig.class).get(0).localCores()).isEqualTo(8);
    }

    /** SMT siblings share a core: lscpu's threads per core turn the node's 8 CPUs into 4 cores. */
    @Test
    void lscpuThreadsPerCoreTurnLocalCpusIntoCores() throws Exception {
        write("commands/lscpu", """
                CPU(s):                16
                Thread(s) per core:    2
                Core(s) per socket:    4
                Socket(s):             2
                NUMA node(s):          2
                NUMA node0 CPU(s):     0-3,8-11
                NUMA node1 CPU(s):     4-7,12-15
                """);
        QueueConfig q = facts().of(QueueConfig.class).get(0);
        assertThat(q.localCpus()).isEqualTo(8); // numactl's node 1, which wins over lscpu's
        assertThat(q.localCores()).isEqualTo(4);
    }

    /**
     * The preset maximums are limits on alternatives, not parts that add: ice shows RX 64 and
     * Combined 64 and refuses more than 64 receive channels in all (ice_set_channels), bnxt_en
     * RX 37 and Combined 74. The most receive channels the driver runs is the larger.
     */
    @Test
    void thePresetMaximumOfReceiveChannelsIsTheLargerOfRxAndCombined() throws Exception {
        write("commands/ethtool_-l_q0", """
                Channel parameters for q0:
                Pre-set maximums:
                RX:		64
                TX:		64
                Other:		1
                Combined:	64
                Current hardware settings:
                RX:		0
                TX:		0
                Other:		1
                Combined:	64
                """);
        QueueConfig q = facts().of(QueueConfig.class).get(0);
        assertThat(q.rxQueues()).isEqualTo(64);
        assertThat(q.maxRxQueues()).isEqualTo(64);
    }

    @Test
    void anElidedTableGivesNoQueueCount() throws Exception {
        write("commands/ethtool_-x_q0", """
                RX flow hash indirection table for q0 with 6 RX ring(s):
                    0:      0     1     2     3     4     5     0     1
                ...
                """);
        QueueConfig q = facts().of(QueueConfig.class).get(0);
        assertThat(q.rssQueuesUsed()).isNull();
        assertThat(q.rssWeightRatio()).isNull();
    }

    @Test
    void withoutChannelsTheTablesRingCountStandsForTheQueues() throws Exception {
        Files.delete(dir.resolve("commands/ethtool_-l_q0"));
        QueueConfig q = facts().of(QueueConfig.class).get(0);
        assertThat(q.rxQueues()).isEqualTo(6);
        assertThat(q.maxRxQueues()).isNull();
    }

    @Test
    void governorsOfNicLocalCpusAreJudgedAndOthersIgnored() throws Exception {
        CpuFrequency c = facts().of(CpuFrequency.class).get(0);
        assertThat(c.nic()).isEqualTo("0000:c1:00");
        assertThat(c.nicLocal()).isTrue();
        assertThat(c.judged()).hasToString("9-10");
        assertThat(c.slow()).hasToString("9");
        assertThat(c.slowByGovernor()).containsExactly(Map.entry("powersave", CpuSet.of(9)));
    }

    @Test
    void mixedGovernorsKeepWhichCpuRunsWhichTheGovernorOfMostCpusFirst() throws Exception {
        write("fs/sys/devices/system/cpu/cpu8/cpufreq/scaling_governor", "schedutil\n");
        write("fs/sys/devices/system/cpu/cpu11/cpufreq/scaling_governor", "schedutil\n");
        CpuFrequency c = facts().of(CpuFrequency.class).get(0);
        assertThat(c.slow()).hasToString("8-9,11");
        assertThat(c.slowByGovernor())
                .containsExactly(Map.entry("schedutil", CpuSet.of(8, 11)), Map.entry("powersave", CpuSet.of(9)));
    }

    @Test
    void withNoNicLocalGovernorTheOnesReadStandForTheHost() throws Exception {
        Files.delete(dir.resolve("fs/sys/devices/system/cpu/cpu9/cpufreq/scaling_governor"));
        Files.delete(dir.resolve("fs/sys/devices/system/cpu/cpu10/cpufreq/scaling_governor"));
        Facts f = facts();
        CpuFrequency c = f.of(CpuFrequency.class).get(0);
        assertThat(c.nicLocal()).isFalse();
        assertThat(c.judged()).hasToString("0");
        assertThat(c.slow().empty()).isTrue();
        assertThat(f.ledger().missing()).contains("/sys/devices/system/cpu/cpu8/cpufreq/scaling_governor");
    }

    @Test
    void missingQueueSourcesAreRecordedAndGiveNoFact() throws Exception {
        for (String f : new String[] {
            "ethtool_-l_q0",
            "ethtool_-g_q0",
            "ethtool_-x_q0",
            "ethtool_-n_q0_rx-flow-hash_udp4",
            "ethtool_-n_q0_rx-flow-hash_tcp4",
            "ethtool_-n_q0_rx-flow-hash_udp6"
        }) {
            Files.delete(dir.resolve("commands").resolve(f));
        }
        Facts facts = facts();
        assertThat(facts.of(QueueConfig.class)).isEmpty();
        assertThat(facts.ledger().missing())
                .contains(
                        "ethtool -l q0",
                        "ethtool -n q0 rx-flow-hash udp4",
                        "ethtool -n q0 rx-flow-hash tcp4",
                        "/sys/class/net/q0/device/local_cpulist");
    }
}
