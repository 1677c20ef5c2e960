package io.rocedoctor.parse.sw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.Parser;
import io.rocedoctor.parse.RealSamples;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every real switch sample of a supported SONiC, NVUE or EOS command parses, and a few values per file
 * match what the file says. Files of other platforms or commands are listed as excluded, with the
 * reason; a file in neither list fails, so a new sample is never silently ignored.
 */
class SwitchSamplesConformanceTest {

    private record Check<T>(Parser<T> parser, Consumer<T> spot) {
        void run(String text) throws ParseException {
            spot.accept(parser.parse(text));
        }
    }

    private static final Map<String, String> EXCLUDED = Map.ofEntries(
            Map.entry(
                    "arista-eapi-show-priority-flow-control-counters.json",
                    "EOS pause frame counters: no rule reads switch pause counters (SONiC's show pfc counters neither)"),
            Map.entry(
                    "arista-eapi-show-qos-interfaces-ecn-counters-queue.json",
                    "EOS ECN-marked counters: no rule needs them yet"),
            Map.entry("sonic-pg_profile_lookup-sn5600.ini.txt", "a platform data file, not a capture"),
            Map.entry("sonic-show-pfc-counters-history.txt", "show pfc counters --history: not collected"),
            Map.entry(
                    "sonic-show-pfc-counters.txt",
                    "show pfc counters: collected, only recognised (SwitchSourceKind.SONIC_PFC_COUNTERS)"),
            Map.entry(
                    "sonic-show-queue-watermark-unicast.txt",
                    "show queue watermark unicast: collected, only recognised (SwitchSourceKind.SONIC_QUEUE_WATERMARK_UNICAST)"),
            Map.entry(
                    "cumulus-nv-show-interface-qos-roce-counters.txt",
                    "nv show interface qos roce counters: collected, only recognised (SwitchSourceKind.NVUE_INTERFACE_ROCE_COUNTERS)"),
            Map.entry("sonic-show-buffer-pool-watermark.txt", "show buffer_pool watermark: no rule needs it yet"),
            Map.entry("sonic-show-headroom-pool-watermark.txt", "show headroom-pool watermark: no rule needs it yet"),
            Map.entry("cumulus-nv-show-interface-qos-egress-scheduler.txt", "egress scheduler: no rule needs it yet"),
            Map.entry(
                    "cumulus-nv-show-interface-qos-roce-status-pool-map-all.txt",
                    "all-port pool map: one table per port under 'Interface:' banners; the per-port roce status is used"));

    private static Map<String, List<Check<?>>> checks() {
        Map<String, List<Check<?>>> m = new LinkedHashMap<>();
        add(m, "sonic-config_db-buffers-dell6100.json", new SonicConfigParser(), c -> {
            assertThat(c.bufferPools().get("ingress_lossless_pool").xoff()).isEqualTo(4194112L);
            assertThat(c.bufferProfiles().get("egress_lossless_profile").staticTh())
                    .isEqualTo(15982720L);
            assertThat(c.cableLengths()).containsEntry("Ethernet0", "5m");
        });
        add(m, "sonic-config_db-buffers-mellanox4600c-t1.json", new SonicConfigParser(), c -> {
            assertThat(c.bufferPools().get("ingress_lossless_pool").size()).isEqualTo(44130304L);
            assertThat(c.bufferPools().get("ingress_lossless_pool").xoff()).isEqualTo(8790016L);
            assertThat(c.bufferProfiles().get("ingress_lossless_zero_profile").dynamicTh())
                    .isEqualTo(-8);
            assertThat(c.bufferQueues()).anySatisfy(a -> {
                assertThat(a.port()).isEqualTo("Ethernet0");
                assertThat(a.indices()).containsExactly(3, 4);
                assertThat(a.profile()).isEqualTo("egress_lossless_profile");
            });
        });
        add(m, "sonic-config_db-buffers-mellanox4600c-t1-dynamic.json", new SonicConfigParser(), c -> {
            assertThat(c.bufferPools().get("ingress_lossless_pool").size()).isNull();
            assertThat(c.bufferPgs()).anySatisfy(a -> {
                assertThat(a.port()).isEqualTo("Ethernet0");
                assertThat(a.indices()).containsExactly(3, 4);
                assertThat(a.profile()).isNull();
            });
            assertThat(c.cableLengths()).containsEntry("Ethernet0", "300m");
        });
        add(m, "sonic-config_db-qos-dell9332.json", new SonicConfigParser(), c -> {
            assertThat(c.portQos().get("Ethernet0").pfcEnable()).containsExactly(3, 4);
            assertThat(c.portQos().get("Ethernet0").trustsDscp()).isTrue();
            assertThat(c.dscpToTcMaps().get("AZURE")).containsEntry(3, 3).containsEntry(8, 0);
            assertThat(c.tcToPgMaps().get("AZURE")).containsEntry(7, 7);
            assertThat(c.wredProfiles().get("AZURE_LOSSLESS").greenMinThreshold())
                    .isEqualTo(1048576L);
            assertThat(c.queues()).anySatisfy(q -> {
                assertThat(q.port()).isEqualTo("Ethernet0");
                assertThat(q.queues()).containsExactly(3);
                assertThat(q.wredProfile()).isEqualTo("AZURE_LOSSLESS");
            });
        });
        add(m, "sonic-config_db-qos-mellanox4600c-c64.json", new SonicConfigParser(), c -> {
            assertThat(c.portQos().get("Ethernet0").dscpToTcMap()).isEqualTo("AZURE_UPLINK");
            assertThat(c.portQos().get("Ethernet0").pfcwdSwEnable()).containsExactly(3, 4);
            assertThat(c.wredProfiles().get("AZURE_LOSSLESS").greenMaxThreshold())
                    .isEqualTo(10000000L);
            assertThat(c.wredProfiles().get("AZURE_LOSSLESS").marksGreen()).isTrue();
            assertThat(c.schedulers().get("scheduler.1").weight()).isEqualTo(15);
        });
        add(m, "sonic-real-mmuconfig-l.txt", new SonicBufferConfigParser(), b -> {
            assertThat(b.pools().get("ingress_lossless_pool").xoff()).isEqualTo(1622016L);
            assertThat(b.pools().get("egress_lossless_pool").mode()).isEqualTo("static");
            assertThat(b.profiles().get("pg_lossless_100000_300m_profile").xoff())
                    .isEqualTo(160000L);
            assertThat(b.profiles().get("pg_lossless_100000_300m_profile").xonOffset())
                    .isEqualTo(4608L);
            assertThat(b.profiles()).hasSize(4);
        });
        add(m, "sonic-show-mmu.txt", new SonicBufferConfigParser(), b -> {
            assertThat(b.losslessTrafficPattern()).containsEntry("over_subscribe_ratio", "2");
            assertThat(b.pools().get("ingress_lossless_pool_hbm").size()).isEqualTo(139458240L);
            assertThat(b.profiles().get("alpha_profile").headroomType()).isEqualTo("dynamic");
            assertThat(b.profiles().get("egress_lossy_profile").pool()).isEqualTo("egress_lossy_pool");
            assertThat(b.pools()).hasSize(5);
        });
        add(m, "sonic-show-mmu-docexample.txt", new SonicBufferConfigParser(), b -> {
            assertThat(b.pools().get("ingress_lossless_pool").xoff()).isEqualTo(4194112L);
            assertThat(b.profiles().get("pg_lossless_100000_300m_profile").dynamicTh())
                    .isEqualTo(-3);
            assertThat(b.profiles().get("pg_lossless_100000_300m_profile").pool())
                    .isEqualTo("ingress_lossless_pool");
            assertThat(b.profiles().get("q_lossy_profile").pool()).isEqualTo("egress_lossy_pool");
        });
        add(m, "sonic-show-buffer-information.txt", new SonicBufferConfigParser(), b -> {
            assertThat(b.pools().get("egress_lossless_pool").size()).isEqualTo(13945824L);
            assertThat(b.profiles().get("headroom_profile").xoff()).isEqualTo(32768L);
        });
        add(m, "sonic-show-buffer-information-docexample.txt", new SonicBufferConfigParser(), b -> {
            assertThat(b.pools().get("egress_lossless_pool").size()).isEqualTo(34340822L);
            assertThat(b.profiles().get("pg_lossless_100000_79m_profile").xoff())
                    .isEqualTo(60416L);
            assertThat(b.profiles().get("pg_lossless_100000_79m_profile").pool())
                    .isEqualTo("ingress_lossless_pool");
        });
        add(m, "sonic-show-ecn.txt", new SonicEcnParser(), e -> {
            SonicWredProfile p = e.profiles().get("AZURE_LOSSLESS");
            assertThat(p.ecn()).isEqualTo("ecn_all");
            assertThat(p.redMaxThreshold()).isEqualTo(2097152L);
            assertThat(p.wredGreenEnable()).isTrue();
            assertThat(p.yellowDropProbability()).isEqualTo(5);
        });
        add(m, "sonic-show-ecn-multi-profile.txt", new SonicEcnParser(), e -> {
            assertThat(e.profiles()).containsOnlyKeys("AZURE_LOSSLESS", "AZURE_LOSSY");
            assertThat(e.profiles().get("AZURE_LOSSY").greenMinThreshold()).isEqualTo(4095L);
            assertThat(e.profiles().get("AZURE_LOSSY").ecn()).isNull();
            assertThat(e.profiles().get("AZURE_LOSSY").yellowDropProbability()).isEqualTo(2);
        });
        add(
                m,
                "sonic-real-triage-session-lossless-pg.txt",
                SonicPortIndexedCountersParser.priorityGroups(),
                p -> assertThat(p.value("Ethernet120", 3)).isEqualTo(2092800L));
        add(m, "sonic-real-triage-session-lossless-pg.txt", new SonicQueueCountersParser(), q -> {
            assertThat(q.queues()).hasSize(1);
            assertThat(q.queue("Ethernet4", "UC3").orElseThrow().dropPackets()).isEqualTo(91786L);
        });
        add(
                m,
                "sonic-show-pfc-priority.txt",
                new SonicPfcPrioritiesParser(),
                p -> assertThat(p.lossless())
                        .containsEntry("Ethernet0", List.of(3, 4))
                        .containsEntry("Ethernet4", List.of(3, 4)));
        add(
                m,
                "sonic-show-pfc-asymmetric-intf.txt",
                new SonicPfcPrioritiesParser(),
                p -> assertThat(p.asymmetric()).containsEntry("Ethernet0", false));
        add(m, "sonic-show-pfcwd-config.txt", new SonicPfcwdConfigParser(), c -> {
            assertThat(c.pollIntervalMillis()).isEqualTo(600);
            assertThat(c.ports()).hasSize(3);
            assertThat(c.port("Ethernet8").orElseThrow().action()).isEqualTo("drop");
        });
        add(m, "sonic-show-pfcwd-config-mixed-actions.txt", new SonicPfcwdConfigParser(), c -> {
            SonicPfcwdConfig.PortConfig p = c.port("Ethernet0").orElseThrow();
            assertThat(p.action()).isEqualTo("forward");
            assertThat(p.detectionMillis()).isEqualTo(102L);
            assertThat(p.restorationMillis()).isEqualTo(101L);
            assertThat(p.history()).isEqualTo("disable");
        });
        add(m, "sonic-show-pfcwd-stats.txt", new SonicPfcwdStatsParser(), s -> {
            SonicPfcwdStats.QueueStats q = s.queue("Ethernet8", 4).orElseThrow();
            assertThat(q.stormed()).isTrue();
            assertThat(q.stormsDetected()).isEqualTo(3L);
            assertThat(q.stormsRestored()).isEqualTo(2L);
            assertThat(q.txDrop()).isEqualTo(300L);
            assertThat(s.queue("Ethernet4", 3).orElseThrow().status()).isEqualTo("operational");
        });
        add(m, "sonic-show-priority-group-drop-counters.txt", SonicPortIndexedCountersParser.priorityGroups(), p -> {
            assertThat(p.title()).isEqualTo("Ingress PG dropped packets:");
            assertThat(p.value("Ethernet0", 3)).isEqualTo(803L);
            assertThat(p.value("Ethernet8", 7)).isEqualTo(107L);
        });
        add(
                m,
                "sonic-show-priority-group-watermark-headroom.txt",
                SonicPortIndexedCountersParser.priorityGroups(),
                p -> assertThat(p.value("Ethernet4", 4)).isEqualTo(404L));
        add(
                m,
                "sonic-show-priority-group-watermark-shared.txt",
                SonicPortIndexedCountersParser.priorityGroups(),
                p -> assertThat(p.value("Ethernet8", 0)).isEqualTo(800L));
        add(m, "sonic-show-queue-counters.txt", new SonicQueueCountersParser(), q -> {
            SonicQueueCounters.Queue uc3 = q.queue("Ethernet0", "UC3").orElseThrow();
            assertThat(uc3.packets()).isEqualTo(52L);
            assertThat(uc3.dropBytes()).isEqualTo(76L);
            assertThat(uc3.type()).isEqualTo("UC");
            assertThat(q.queue("Ethernet4", "ALL20").orElseThrow().packets()).isNull();
            assertThat(q.queue("Ethernet8", "MC10")).isPresent();
        });
        add(m, "sonic-show-queue-wredcounters.txt", new SonicQueueCountersParser(), q -> {
            SonicQueueCounters.Queue uc3 = q.queue("Ethernet4", "UC3").orElseThrow();
            assertThat(uc3.wredDropPackets()).isEqualTo(60L);
            assertThat(uc3.ecnMarkedPackets()).isEqualTo(48L);
            assertThat(uc3.packets()).isNull();
        });

        add(m, "cumulus-nv-show-qos-roce.txt", new NvueRoceParser(), r -> {
            assertThat(r.enabled()).isTrue();
            assertThat(r.mode()).isEqualTo("lossless-single-ipool");
            assertThat(r.pfcPriorities()).containsExactly(3);
            assertThat(r.pfcRxEnabled()).isTrue();
            assertThat(r.cableLength()).isEqualTo(100);
            assertThat(r.congestionTrafficClasses()).containsExactly(0, 3);
            assertThat(r.ecnMinThresholdBytes()).isEqualTo(149996L);
            assertThat(r.ecnMaxThresholdBytes()).isEqualTo(1499464L);
            assertThat(r.ecnProbability()).isEqualTo(100);
            assertThat(r.trust()).containsExactly("pcp", "dscp");
            assertThat(r.switchPriorityOfDscp(26)).contains(3);
            assertThat(r.trafficClassOf(6)).contains(6);
            assertThat(r.trafficClassMappings().get(6).scheduler()).isEqualTo("strict-priority");
            assertThat(r.pools())
                    .extracting(NvueRoce.Pool::name)
                    .containsExactly("lossy-default-ingress", "lossy-default-egress", "roce-reserved-egress");
        });
        add(m, "cumulus-nv-show-qos-roce-disabled.txt", new NvueRoceParser(), r -> {
            assertThat(r.enabled()).isFalse();
            assertThat(r.priorityMappings()).isEmpty();
        });
        add(m, "cumulus-nv-show-qos-roce-lossy-multi-tc.txt", new NvueRoceParser(), r -> {
            assertThat(r.mode()).isEqualTo("lossy-multi-tc");
            assertThat(r.pfcPriorities()).isEmpty();
            assertThat(r.ecnMinThresholdBytes()).isEqualTo(166912L);
            assertThat(r.ecnProbability()).isEqualTo(5);
            assertThat(r.switchPriorityOfDscp(41)).contains(0);
            assertThat(r.priorityMappings().get(5).dscp()).isEmpty();
            assertThat(r.pools().get(1).trafficClasses()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
        });
        add(m, "cumulus-nv-show-interface-qos-roce-status.txt", new NvueRoceParser(), r -> {
            assertThat(r.mode()).isEqualTo("lossless");
            assertThat(r.congestionMode()).isEqualTo("ecn, absolute");
            assertThat(r.ecnMinThresholdBytes()).isEqualTo(156672L);
            assertThat(r.pfcTxEnabled()).isTrue();
            assertThat(r.switchPriorityOfDscp(48)).contains(6);
            assertThat(r.priorityMappings().get(1).label()).isEqualTo("roce");
            assertThat(r.trafficClassMappings().get(1).scheduler()).isEqualTo("dwrr-50%");
            assertThat(r.pools().get(3).size()).isEqualTo("inf");
        });
        add(m, "cumulus-nv-show-interface-counters-qos.txt", new NvueQosCountersParser(), c -> {
            assertThat(c.priorityGroups()).hasSize(8);
            assertThat(c.trafficClasses()).hasSize(8);
            assertThat(c.pfc(3).orElseThrow().rxPauseFrames()).isEqualTo(0L);
            assertThat(c.portStats().get("ecn-marked-packets").receive()).isNull();
            assertThat(c.portStats().get("pause-frames").transmit()).isEqualTo(0L);
        });
        add(m, "cumulus-nv-show-interface-counters-qos-port-stats.txt", new NvueQosCountersParser(), c -> {
            assertThat(c.portStats()).containsOnlyKeys("ecn-marked-packets", "mc-buffer-discards", "pause-frames");
            assertThat(c.portStats().get("ecn-marked-packets").transmit()).isEqualTo(0L);
        });
        add(m, "cumulus-nv-show-interface-qos-buffer-egress-traffic-class.txt", new NvueBufferUsageParser(), b -> {
            assertThat(b.entries()).hasSize(17);
            assertThat(b.entries().get(0).reservedBytes()).isEqualTo(1008L);
            assertThat(b.entries().get(8).mode()).isEqualTo("BUFFER UNITS");
            assertThat(b.entries().get(8).sharedMax()).isEqualTo("infinity");
        });
        add(m, "cumulus-nv-show-interface-qos-buffer-ingress-priority-group.txt", new NvueBufferUsageParser(), b -> {
            assertThat(b.entries()).extracting(NvueBufferUsage.Entry::index).containsExactly(0, 9);
            assertThat(b.entries().get(1).poolId()).isEqualTo(1);
            assertThat(b.entries().get(1).reservedBytes()).isEqualTo(10220L);
            assertThat(b.entries().get(0).lossType()).isEqualTo("Lossy");
            assertThat(b.entries().get(0).headroomBytes()).isEqualTo(19436L);
        });
        add(m, "cumulus-nv-show-qos-buffer.txt", new NvueBufferUsageParser(), b -> {
            assertThat(b.pools()).hasSize(11);
            assertThat(b.pools().get(3).mode()).isEqualTo("BUFFER UNITS");
            assertThat(b.pools().get(2).type()).isEqualTo("User data buffer");
            assertThat(b.pools().get(0).sizeBytes()).isEqualTo(26361201L);
            assertThat(b.entries()).hasSize(8);
            assertThat(b.entries().get(7).maxUsageBytes()).isEqualTo(288L);
        });
        add(m, "cumulus-nv-show-interface-qos-congestion-control.txt", new NvueCongestionControlParser(), c -> {
            NvueCongestionControl.TrafficClass tc = c.trafficClass(0).orElseThrow();
            assertThat(tc.ecnEnabled()).isTrue();
            assertThat(tc.redEnabled()).isFalse();
            assertThat(tc.minThresholdBytes()).isEqualTo(156672L);
            assertThat(tc.probability()).isEqualTo(100);
        });
        add(m, "cumulus-nv-show-qos-congestion-control-default-global.txt", new NvueCongestionControlParser(), c -> {
            assertThat(c.trafficClasses())
                    .extracting(NvueCongestionControl.TrafficClass::trafficClass)
                    .containsExactly(4, 5, 7);
            assertThat(c.trafficClass(5).orElseThrow().maxThresholdBytes()).isEqualTo(200000L);
            assertThat(c.trafficClass(5).orElseThrow().redEnabled()).isTrue();
        });
        add(
                m,
                "cumulus-nv-show-qos-congestion-control-default-global-traffic-class.txt",
                new NvueCongestionControlParser(),
                c -> assertThat(c.trafficClass(0).orElseThrow().minThresholdBytes())
                        .isEqualTo(149996L));
        add(
                m,
                "cumulus-nv-show-qos-egress-queue-mapping-default-global.txt",
                new NvueEgressQueueMappingParser(),
                q -> assertThat(q.switchPriorityToTrafficClass())
                        .hasSize(8)
                        .containsEntry(2, 7)
                        .containsEntry(3, 3));
        add(m, "cumulus-nv-show-qos-pfc-default-global.txt", new NvuePfcParser(), p -> {
            assertThat(p.cableLengthMeters()).isEqualTo(50);
            assertThat(p.portBufferBytes()).isEqualTo(25000L);
            assertThat(p.rxEnabled()).isFalse();
            assertThat(p.txEnabled()).isTrue();
            assertThat(p.xoffThresholdBytes()).isEqualTo(10000L);
            assertThat(p.xonThresholdBytes()).isEqualTo(2000L);
            assertThat(p.switchPriorities()).containsExactly(0);
        });
        add(m, "cumulus-nv-show-interface-qos-pfc.txt", new NvuePfcParser(), p -> {
            assertThat(p.rxEnabled()).isFalse();
            assertThat(p.txEnabled()).isFalse();
            assertThat(p.switchPriorities()).isEmpty();
        });
        add(m, "cumulus-nv-show-interface-qos-mapping.txt", new NvueQosMappingParser(), q -> {
            assertThat(q.trust()).isEqualTo("l2");
            assertThat(q.portDefaultSwitchPriority()).isEqualTo(0);
            assertThat(q.pcpToSwitchPriority()).hasSize(8).containsEntry(5, 5);
            assertThat(q.dscpToSwitchPriority()).isEmpty();
        });
        add(m, "cumulus-nv-show-interface-qos-pfc-watchdog.txt", new NvuePfcWatchdogParser(), w -> {
            assertThat(w.enabled()).isTrue();
            assertThat(w.trafficClasses()).hasSize(8);
            assertThat(w.trafficClasses().get(2).deadlocked()).isTrue();
            assertThat(w.trafficClasses().get(7).deadlockCount()).isEqualTo(3L);
        });
        add(m, "arista-running-config-qos.txt", new EosRunningConfigParser(), c -> {
            EosRunningConfig.Section e1 = c.settingsOf("Ethernet1");
            assertThat(e1.mtu()).isEqualTo(1500);
            assertThat(e1.routed()).isTrue();
            assertThat(e1.trust()).isEqualTo("dscp");
            assertThat(e1.txQueues().get(2).strict())
                    .as("from qos profile test")
                    .isTrue();
            assertThat(e1.txQueues().get(1).strict()).isFalse();
            assertThat(e1.txQueues().get(2).ecn().minimumBytes()).isEqualTo(320L * 1024);
            assertThat(e1.txQueues().get(2).ecn().maxMarkProbability()).isEqualTo(90);
            assertThat(e1.txQueues().get(4).ecn().minimumBytes())
                    .as("320 segments")
                    .isNull();
            assertThat(c.settingsOf("Ethernet6").trust()).isEqualTo("cos");
            EosRunningConfig.Section pfc = c.qosProfiles().get("test_with_pfc");
            assertThat(pfc.pfcOn()).isTrue();
            assertThat(pfc.pfcNoDrop()).containsEntry(0, true).containsEntry(1, false);
            assertThat(pfc.watchdog()).isTrue();
            assertThat(c.qosProfiles().get("uc_mc_queues_test").txQueues())
                    .as("unicast queues only")
                    .containsOnlyKeys(1, 2, 4);
            assertThat(c.qosProfiles()
                            .get("uc_mc_queues_test")
                            .txQueues()
                            .get(1)
                            .ecn()
                            .minimum())
                    .isEqualTo("3 milliseconds");
            assertThat(c.dscpToTrafficClass())
                    .containsEntry(8, 1)
                    .containsEntry(18, 4)
                    .containsEntry(46, 5);
            assertThat(c.cosToTrafficClass())
                    .as("the later line wins")
                    .containsEntry(3, 3)
                    .containsEntry(1, 2);
            assertThat(c.trafficClassToTxQueue()).containsExactly(Map.entry(6, 2));
            assertThat(c.pfcAllOff()).isTrue();
            assertThat(c.watchdogDefaultTimeout()).isEqualTo("0.05");
        });
        add(m, "arista-eapi-show-interfaces-counters-queue-detail.json", new EosQueueDropsParser(), d -> {
            assertThat(d.dropped("Ethernet2", 1))
                    .as("the 4 drops are multicast")
                    .contains(0L);
            assertThat(d.unicast()).containsOnlyKeys("Ethernet1", "Ethernet2");
        });
        return m;
    }

    private static <T> void add(Map<String, List<Check<?>>> m, String file, Parser<T> parser, Consumer<T> spot) {
        m.computeIfAbsent(file, k -> new ArrayList<>()).add(new Check<>(parser, spot));
    }

    @TestFactory
    Stream<DynamicTest> everyRealSwitchSampleParses() throws Exception {
        List<Path> files = RealSamples.files("switch");
        Map<String, List<Check<?>>> checks = checks();
        List<DynamicTest> tests = new ArrayList<>();
        for (Path file : files) {
            String name = file.getFileName().toString();
            if (EXCLUDED.containsKey(name)) {
                continue;
            }
            tests.add(DynamicTest.dynamicTest(name, () -> {
                List<Check<?>> mine = checks.get(name);
                if (mine == null) {
                    fail(name + " is neither mapped to a parser nor excluded with a reason");
                }
                String text = RealSamples.read(file);
                for (Check<?> c : mine) {
                    try {
                        c.run(text);
                    } catch (ParseException e) {
                        if (!RealSamples.damaged(file)) {
                            fail(name + ":" + e.line() + ": " + e.getMessage());
                        }
                    }
                }
            }));
        }
        return tests.stream();
    }
}
