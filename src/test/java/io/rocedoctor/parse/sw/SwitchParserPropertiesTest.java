package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.Parser;
import io.rocedoctor.parse.ParserFuzz;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Random and mutated text never makes a switch parser throw anything but a ParseException. */
class SwitchParserPropertiesTest {

    private static final List<Parser<?>> ALL = List.of(
            new SonicConfigParser(),
            new SonicBufferConfigParser(),
            new SonicEcnParser(),
            SonicPortIndexedCountersParser.priorityGroups(),
            new SonicQueueCountersParser(),
            new SonicPfcwdStatsParser(),
            new SonicPfcwdConfigParser(),
            new SonicPfcPrioritiesParser(),
            new NvueRoceParser(),
            new NvuePfcParser(),
            new NvueQosMappingParser(),
            new NvueCongestionControlParser(),
            new NvueEgressQueueMappingParser(),
            new NvuePfcWatchdogParser(),
            new NvueQosCountersParser(),
            new NvueBufferUsageParser(),
            new NvueLinkParser(),
            new NvueForwardingParser(),
            new NvueRocePoolsParser(),
            new EosRunningConfigParser(),
            new EosQueueDropsParser());

    @Property(tries = 200)
    void randomText(@ForAll("random") String text) {
        ALL.forEach(p -> ParserFuzz.survives(p, text));
    }

    @Property(tries = 200)
    void mutatedConfigDb(@ForAll("configDb") String text) {
        ParserFuzz.survives(new SonicConfigParser(), text);
    }

    @Property(tries = 200)
    void mutatedSonicTables(@ForAll("sonicTables") String text) {
        ParserFuzz.survives(new SonicPfcwdStatsParser(), text);
        ParserFuzz.survives(new SonicPfcwdConfigParser(), text);
        ParserFuzz.survives(new SonicQueueCountersParser(), text);
        ParserFuzz.survives(SonicPortIndexedCountersParser.priorityGroups(), text);
        ParserFuzz.survives(new SonicPfcPrioritiesParser(), text);
    }

    @Property(tries = 200)
    void mutatedSonicBlocks(@ForAll("sonicBlocks") String text) {
        ParserFuzz.survives(new SonicBufferConfigParser(), text);
        ParserFuzz.survives(new SonicEcnParser(), text);
    }

    @Property(tries = 200)
    void mutatedNvue(@ForAll("nvue") String text) {
        ALL.subList(9, 21).forEach(p -> ParserFuzz.survives(p, text));
    }

    @Property(tries = 200)
    void mutatedEos(@ForAll("eos") String text) {
        ParserFuzz.survives(new EosRunningConfigParser(), text);
        ParserFuzz.survives(new EosQueueDropsParser(), text);
    }

    @Provide
    Arbitrary<String> random() {
        return ParserFuzz.randomText();
    }

    @Provide
    Arbitrary<String> configDb() {
        return ParserFuzz.mutated(SwitchFixtures.read("sonic-config_db-leaf.json"));
    }

    @Provide
    Arbitrary<String> sonicTables() {
        return net.jqwik.api.Arbitraries.of(
                        "sonic-show-pfc-counters-leaf.txt",
                        "sonic-show-pfcwd-stats-leaf.txt",
                        "sonic-show-pfcwd-config-leaf.txt",
                        "sonic-show-queue-counters-leaf.txt",
                        "sonic-show-priority-group-drop-counters-leaf.txt",
                        "sonic-show-pfc-priority-leaf.txt")
                .flatMap(name -> ParserFuzz.mutated(SwitchFixtures.read(name)));
    }

    @Provide
    Arbitrary<String> sonicBlocks() {
        return net.jqwik.api.Arbitraries.of("sonic-mmuconfig-l-leaf.txt", "sonic-show-ecn-leaf.txt")
                .flatMap(name -> ParserFuzz.mutated(SwitchFixtures.read(name)));
    }

    @Provide
    Arbitrary<String> nvue() {
        return net.jqwik.api.Arbitraries.of(
                        "cumulus-nv-show-qos-roce-spine.txt",
                        "cumulus-nv-show-interface-qos-pfc-spine.txt",
                        "cumulus-nv-show-interface-qos-mapping-spine.txt",
                        "cumulus-nv-show-interface-qos-congestion-control-spine.txt",
                        "cumulus-nv-show-interface-qos-pfc-watchdog-spine.txt",
                        "cumulus-nv-show-interface-counters-qos-spine.txt",
                        "cumulus-nv-show-interface-qos-roce-counters-spine.txt",
                        "cumulus-nv-show-qos-egress-queue-mapping-spine.txt",
                        "cumulus-nv-show-interface-qos-buffer-ingress-priority-group-spine.txt",
                        "cumulus-nv-show-interface-link-spine.txt",
                        "cumulus-nv-show-system-forwarding-spine.txt",
                        "cumulus-nv-show-qos-roce-pool-spine.txt")
                .flatMap(name -> ParserFuzz.mutated(SwitchFixtures.read(name)));
    }

    @Provide
    Arbitrary<String> eos() {
        return net.jqwik.api.Arbitraries.of(
                        "arista-eos-show-running-config-leaf.txt",
                        "arista-eos-show-interfaces-counters-queue-detail-leaf.json")
                .flatMap(name -> ParserFuzz.mutated(SwitchFixtures.read(name)));
    }
}
