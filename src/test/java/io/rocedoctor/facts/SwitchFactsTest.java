package io.rocedoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.engine.Diagnosis;
import io.rocedoctor.engine.NotEvaluated;
import io.rocedoctor.engine.Profile;
import io.rocedoctor.engine.RuleEngine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Given a bundle with a SONiC or an NVUE switch dump (fixture outputs of fixtures/samples/switch),
 * both platforms yield the same facts: ports with trust, PFC and maps, lossless queues with their
 * XOFF point, headroom, ECN, watchdog and drops, pools, hash, and links to the host ports.
 */
class SwitchFactsTest extends BundleFolderTest {
    private static final Path SAMPLES = Path.of("fixtures/samples/switch");

    private void copy(String sample, String target) throws Exception {
        Path p = dir.resolve(target);
        Files.createDirectories(p.getParent());
        Files.copy(SAMPLES.resolve(sample), p);
    }

    private static <T> T only(Facts f, Class<T> type, java.util.function.Predicate<T> which) {
        return f.of(type).stream()
                .filter(which)
                .reduce((a, b) -> {
                    throw new AssertionError("more than one " + type.getSimpleName());
                })
                .orElseThrow(() -> new AssertionError("no such " + type.getSimpleName() + " in " + f.of(type)));
    }

    private Facts sonic() throws Exception {
        write(
                "manifest.yaml",
                "host: h1\nlinks:\n  - {host_port: ens1f0np0, switch: leaf1, switch_port: Ethernet16}\n");
        write("switches/leaf1/manifest.yaml", "platform: sonic\n");
        copy("sonic-config_db-leaf.json", "switches/leaf1/fs/etc/sonic/config_db.json");
        copy("sonic-show-pfcwd-config-leaf.txt", "switches/leaf1/commands/show_pfcwd_config");
        copy("sonic-show-pfcwd-stats-leaf.txt", "switches/leaf1/commands/show_pfcwd_stats");
        copy(
                "sonic-show-priority-group-drop-counters-leaf.txt",
                "switches/leaf1/commands/show_priority-group_drop_counters");
        return facts();
    }

    @Test
    void sonicPortsTakeTrustPfcAndMapsFromConfigDb() throws Exception {
        Facts f = sonic();
        SwitchPort e16 = only(f, SwitchPort.class, p -> p.port().equals("Ethernet16"));
        assertThat(e16.switchName()).isEqualTo("leaf1");
        assertThat(e16.platform()).isEqualTo("sonic");
        assertThat(e16.trust()).isEqualTo("dscp");
        assertThat(e16.pfcPriorities()).containsExactly(3);
        assertThat(e16.speedMbps()).isEqualTo(400000);
        assertThat(e16.mtu()).isEqualTo(9100);
        assertThat(e16.cableMeters()).isEqualTo(40);
        assertThat(e16.dscpPriority()).isEqualTo(Map.of(0, 0, 26, 3, 48, 6));
        assertThat(e16.strictQueues()).containsExactly(6);
        assertThat(e16.hostPorts()).containsExactly("ens1f0np0");
        SwitchPort e20 = only(f, SwitchPort.class, p -> p.port().equals("Ethernet20"));
        assertThat(e20.trust()).isEqualTo("pcp");
        assertThat(e20.pfcPriorities()).containsExactly(3, 4);
        assertThat(e16.dscpMap()).as("the map PORT_QOS_MAP names").isEqualTo("ROCE");
        assertThat(e20.dscpMap())
                .as("no map of its own: the switch's only DSCP map")
                .isEqualTo("ROCE");
        assertThat(f.of(Link.class)).containsExactly(new Link("ens1f0np0", "leaf1", "Ethernet16", "manifest"));
    }

    private static final String LLDP = """
            -------------------------------------------------------------------------------
            LLDP neighbors:
            -------------------------------------------------------------------------------
            Interface:    ens1f0np0, via: LLDP, RID: 1, Time: 0 day, 02:13:45
              Chassis:
                ChassisID:    mac 0c:42:a1:7e:10:00
                SysName:      leaf1
              Port:
                PortID:       ifname Ethernet16
                PortDescr:    Ethernet16
            -------------------------------------------------------------------------------
            Interface:    ens1f1np1, via: LLDP, RID: 1, Time: 0 day, 02:13:45
              Chassis:
                ChassisID:    mac 0c:42:a1:7e:10:00
                SysName:      leaf1
              Port:
                PortID:       mac 0c:42:a1:7e:10:14
                PortDescr:    Ethernet20
            -------------------------------------------------------------------------------
            Interface:    eno1, via: LLDP, RID: 2, Time: 0 day, 02:13:45
              Chassis:
                ChassisID:    mac 3c:2c:30:11:22:33
                SysName:      oob-sw1
              Port:
                PortID:       ifname ge-0/0/14
            -------------------------------------------------------------------------------
            """;

    private Facts sonicWith(String manifest) throws Exception {
        write("manifest.yaml", manifest);
        write("commands/lldpcli_show_neighbors", LLDP);
        write("switches/leaf1/manifest.yaml", "platform: sonic\n");
        copy("sonic-config_db-leaf.json", "switches/leaf1/fs/etc/sonic/config_db.json");
        return facts();
    }

    @Test
    void lldpLinksHostPortsToDumpedSwitchesWhenTheManifestHasNoLinks() throws Exception {
        Facts f = sonicWith("host: h1\n");
        assertThat(f.of(Link.class))
                .containsExactlyInAnyOrder(
                        new Link("ens1f0np0", "leaf1", "Ethernet16", "lldp"),
                        new Link("ens1f1np1", "leaf1", "Ethernet20", "lldp"));
        assertThat(only(f, SwitchPort.class, p -> p.port().equals("Ethernet16")).hostPorts())
                .containsExactly("ens1f0np0");
        assertThat(only(f, SwitchPort.class, p -> p.port().equals("Ethernet20")).hostPorts())
                .containsExactly("ens1f1np1");
    }

    @Test
    void theManifestOutranksLldpForTheHostPortsItMaps() throws Exception {
        Facts f = sonicWith("host: h1\nlinks:\n  - {host_port: ens1f0np0, switch: leaf1, switch_port: Ethernet0}\n");
        assertThat(f.of(Link.class))
                .containsExactlyInAnyOrder(
                        new Link("ens1f0np0", "leaf1", "Ethernet0", "manifest"),
                        new Link("ens1f1np1", "leaf1", "Ethernet20", "lldp"));
    }

    @Test
    void sonicLosslessQueueHasItsXoffPointHeadroomEcnWatchdogAndDrops() throws Exception {
        SwitchLosslessQueue q =
                only(sonic(), SwitchLosslessQueue.class, x -> x.port().equals("Ethernet16") && x.priority() == 3);
        assertThat(q.queue()).isEqualTo(3);
        assertThat(q.priorityGroup()).isEqualTo(3);
        // size 3328 + alpha/(1+alpha) of the 28311552 B pool, alpha = 2^-2
        assertThat(q.xoffBytes()).isEqualTo(3328 + Math.round(0.25 / 1.25 * 28311552));
        assertThat(q.headroomBytes()).isEqualTo(301056);
        // 2 x 40 m x 5 ns at 400G + 2 x 9100
        assertThat(q.headroomFloorBytes()).isEqualTo(20000 + 18200);
        assertThat(q.ecnMarking()).isTrue();
        assertThat(q.ecnMinBytes()).isEqualTo(786432);
        // config_db's [WRED_PROFILE|...] and [BUFFER_PROFILE|...] references, named as the CLI takes them
        assertThat(q.ecnProfile()).isEqualTo("ROCE_LOSSLESS");
        assertThat(q.bufferProfile()).isEqualTo("pg_lossless_400000_40m_profile");
        assertThat(q.watchdogOn()).isTrue();
        assertThat(q.stormsDetected()).isZero();
        assertThat(q.stormed()).isFalse();
        assertThat(q.drops()).isEqualTo(17);
        assertThat(q.dropsSinceBoot()).isTrue();
        assertThat(q.hostPorts()).containsExactly("ens1f0np0");
    }

    @Test
    void sonicStormedQueueCountsItsStormsAndPgDrops() throws Exception {
        SwitchLosslessQueue q =
                only(sonic(), SwitchLosslessQueue.class, x -> x.port().equals("Ethernet20") && x.priority() == 4);
        assertThat(q.stormed()).isTrue();
        assertThat(q.stormsDetected()).isEqualTo(7);
        assertThat(q.drops()).isEqualTo(2);
    }

    /** With two DSCP maps and none named by the port, which one a plan should edit is unknown: no name. */
    @Test
    void aSonicPortWithoutItsOwnMapAmongSeveralHasNoDscpMap() throws Exception {
        write(
                "manifest.yaml",
                "host: h1\nlinks:\n  - {host_port: ens1f0np0, switch: leaf1, switch_port: Ethernet20}\n");
        write("switches/leaf1/manifest.yaml", "platform: sonic\n");
        write("switches/leaf1/fs/etc/sonic/config_db.json", """
                {"PORT": {"Ethernet20": {"speed": "100000"}},
                 "PORT_QOS_MAP": {"Ethernet20": {"dot1p_to_tc_map": "PCP", "pfc_enable": "3"}},
                 "DSCP_TO_TC_MAP": {"ROCE": {"26": "3"}, "STORAGE": {"26": "4"}}}
                """);
        assertThat(only(facts(), SwitchPort.class, p -> p.port().equals("Ethernet20"))
                        .dscpMap())
                .isNull();
    }

    @Test
    void sonicPoolsAndHash() throws Exception {
        Facts f = sonic();
        SwitchBufferPools pools = only(f, SwitchBufferPools.class, p -> true);
        assertThat(pools.losslessBytes()).isEqualTo(28311552);
        assertThat(pools.lossyBytes()).isEqualTo(20971520);
        assertThat(pools.headroomPoolBytes()).isEqualTo(2621440);
        SwitchHash hash = only(f, SwitchHash.class, h -> true);
        assertThat(hash.ecmpLacksL4SourcePort()).isTrue();
        assertThat(hash.lagLacksL4SourcePort()).isFalse();
        assertThat(hash.hostPorts()).containsExactly("ens1f0np0");
    }

    private Facts nvue() throws Exception {
        write("manifest.yaml", "host: h1\nlinks:\n  - {host_port: ens1f0np0, switch: spine2, switch_port: swp31}\n");
        write("switches/spine2/manifest.yaml", "platform: cumulus-nvue\n");
        String c = "switches/spine2/commands/";
        copy("cumulus-nv-show-qos-roce-spine.txt", c + "nv_show_qos_roce");
        copy(
                "cumulus-nv-show-qos-egress-queue-mapping-spine.txt",
                c + "nv_show_qos_egress-queue-mapping_default-global");
        copy("cumulus-nv-show-interface-qos-pfc-spine.txt", c + "nv_show_interface_swp31_qos_pfc");
        copy("cumulus-nv-show-interface-qos-mapping-spine.txt", c + "nv_show_interface_swp31_qos_mapping");
        copy("cumulus-nv-show-interface-qos-pfc-watchdog-spine.txt", c + "nv_show_interface_swp31_qos_pfc-watchdog");
        copy(
                "cumulus-nv-show-interface-qos-congestion-control-spine.txt",
                c + "nv_show_interface_swp31_qos_congestion-control");
        copy(
                "cumulus-nv-show-interface-qos-buffer-ingress-priority-group-spine.txt",
                c + "nv_show_interface_swp31_qos_buffer_ingress-priority-group");
        copy("cumulus-nv-show-interface-counters-qos-spine.txt", c + "nv_show_interface_swp31_counters_qos");
        return facts();
    }

    @Test
    void nvuePortPrefersItsOwnViewsOverTheGlobalRoceView() throws Exception {
        SwitchPort p = only(nvue(), SwitchPort.class, x -> true);
        assertThat(p.label()).isEqualTo("spine2/swp31");
        assertThat(p.platform()).isEqualTo("nvue");
        assertThat(p.trust()).isEqualTo("dscp");
        assertThat(p.pfcPriorities()).containsExactly(3, 4);
        assertThat(p.cableMeters()).isEqualTo(10);
        assertThat(p.dscpPriority()).isEqualTo(Map.of(0, 0, 8, 0, 16, 0, 26, 4, 48, 6));
        assertThat(p.priorityQueue()).containsEntry(3, 4).containsEntry(4, 4).containsEntry(6, 6);
        assertThat(p.strictQueues()).containsExactly(6);
        assertThat(p.speedMbps()).isNull();
        assertThat(p.hostPorts()).containsExactly("ens1f0np0");
    }

    @Test
    void nvueLosslessQueueReadsPgThresholdsEcnWatchdogAndDiscards() throws Exception {
        SwitchLosslessQueue q = only(nvue(), SwitchLosslessQueue.class, x -> x.priority() == 4);
        assertThat(q.queue()).isEqualTo(4);
        assertThat(q.priorityGroup()).isEqualTo(4);
        assertThat(q.xoffBytes()).isEqualTo(10240);
        assertThat(q.headroomBytes()).isPositive();
        assertThat(q.ecnMarking()).isTrue();
        assertThat(q.ecnMinBytes()).isEqualTo(300 * 1024);
        assertThat(q.watchdogOn()).isFalse();
        assertThat(q.stormsDetected()).isZero();
        // PG4 rx-buffer-discards 2.00 KB + TC4 wred-discards 17, since the counters started
        assertThat(q.drops()).isEqualTo(2048 + 17);
        assertThat(q.dropsSinceBoot()).isTrue();
    }

    private Facts nvueWithLinkHashAndPools(String rocePoolTable) throws Exception {
        String c = "switches/spine2/commands/";
        copy("cumulus-nv-show-interface-link-spine.txt", c + "nv_show_interface_swp31_link");
        copy("cumulus-nv-show-system-forwarding-spine.txt", c + "nv_show_system_forwarding");
        copy("cumulus-nv-show-qos-roce-pool-spine.txt", c + "nv_show_qos_roce_pool");
        nvue();
        String roce = Files.readString(SAMPLES.resolve("cumulus-nv-show-qos-roce-spine.txt"));
        write(c + "nv_show_qos_roce", roce.replaceAll("(?s)RoCE pool config\n.*?(?=Exception List)", rocePoolTable));
        return facts();
    }

    private static final String SPLIT_POOLS = """
            RoCE pool config
            ===================
                   name                   mode     size  switch-priorities  traffic-class
                -  ---------------------  -------  ----  -----------------  -------------
                0  lossy-default-ingress  Dynamic  75%   0,1,2,3,5,6,7      -
                1  roce-reserved-ingress  Dynamic  25%   4                  -
                2  lossy-default-egress   Dynamic  75%   -                  0,6
            """;

    @Test
    void nvuePortMtuIsTheOperationalOneOfItsLinkView() throws Exception {
        SwitchPort p = only(nvueWithLinkHashAndPools(SPLIT_POOLS), SwitchPort.class, x -> true);
        assertThat(p.mtu()).isEqualTo(4200);
    }

    @Test
    void nvueHashFieldsComeFromSystemForwarding() throws Exception {
        SwitchHash hash = only(nvueWithLinkHashAndPools(SPLIT_POOLS), SwitchHash.class, h -> true);
        assertThat(hash.source()).isEqualTo("nv show system forwarding");
        assertThat(hash.ecmpLacksL4SourcePort()).isTrue();
        assertThat(hash.lagLacksL4SourcePort()).isFalse();
        assertThat(hash.hostPorts()).containsExactly("ens1f0np0");
    }

    @Test
    void nvuePoolsSplitIngressPoolsByTheLosslessPriorityTheyHold() throws Exception {
        SwitchBufferPools pools = only(nvueWithLinkHashAndPools(SPLIT_POOLS), SwitchBufferPools.class, p -> true);
        // roce-reserved-ingress holds PFC priority 4; lossy-default-ingress none; egress pools are not compared.
        assertThat(pools.losslessBytes()).isEqualTo(7602176);
        assertThat(pools.lossyBytes()).isEqualTo(22544384);
        assertThat(pools.headroomPoolBytes()).isNull();
        assertThat(pools.largestPgHeadroomBytes()).isPositive();
    }

    @Test
    void nvuePoolsAreNotJudgedWhenOneIngressPoolHoldsLosslessAndLossyPriorities() throws Exception {
        // lossless-single-ipool: every priority shares lossy-default-ingress, so no lossless pool can be short.
        Facts f = nvueWithLinkHashAndPools("""
                RoCE pool config
                ===================
                       name                   mode     size  switch-priorities  traffic-class
                    -  ---------------------  -------  ----  -----------------  -------------
                    0  lossy-default-ingress  Dynamic  100%  0,1,2,3,4,5,6,7    -
                    2  lossy-default-egress   Dynamic  100%  -                  0,6
                """);
        assertThat(f.of(SwitchBufferPools.class)).isEmpty();
    }

    @Test
    void nvueWithoutTheNewViewsHasNoMtuHashOrPools() throws Exception {
        Facts f = nvue();
        assertThat(only(f, SwitchPort.class, x -> true).mtu()).isNull();
        assertThat(f.of(SwitchHash.class)).isEmpty();
        assertThat(f.of(SwitchBufferPools.class)).isEmpty();
    }

    @Test
    void aBundleWithoutSwitchDumpReportsSwitchRulesNotEvaluated() throws Exception {
        write("manifest.yaml", "host: h1\n");
        Diagnosis d = RuleEngine.builtIn().diagnose(facts(), Profile.builtIn("throughput"));
        List<String> rules = d.notEvaluated().stream().map(NotEvaluated::rule).toList();
        assertThat(rules).contains("SWITCH_PFC_WATCHDOG_OFF", "SWITCH_ECMP_HASH_NO_L4", "PFC_PRIORITY_MISMATCH");
        assertThat(d.notEvaluated())
                .filteredOn(n -> n.rule().equals("SWITCH_PFC_WATCHDOG_OFF"))
                .singleElement()
                .satisfies(n -> assertThat(String.join(" ", n.missing())).contains("switch: show pfcwd config"));
    }
}
