package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocedoctor.parse.sw.EosQueueDropsParser;
import io.rocedoctor.parse.sw.EosRunningConfigParser;
import io.rocedoctor.parse.sw.NvueBufferUsageParser;
import io.rocedoctor.parse.sw.NvueCongestionControlParser;
import io.rocedoctor.parse.sw.NvueEgressQueueMappingParser;
import io.rocedoctor.parse.sw.NvueForwardingParser;
import io.rocedoctor.parse.sw.NvueLinkParser;
import io.rocedoctor.parse.sw.NvuePfcParser;
import io.rocedoctor.parse.sw.NvuePfcWatchdogParser;
import io.rocedoctor.parse.sw.NvueQosCountersParser;
import io.rocedoctor.parse.sw.NvueQosMappingParser;
import io.rocedoctor.parse.sw.NvueRoceParser;
import io.rocedoctor.parse.sw.NvueRocePoolsParser;
import io.rocedoctor.parse.sw.SonicBufferConfigParser;
import io.rocedoctor.parse.sw.SonicConfigParser;
import io.rocedoctor.parse.sw.SonicEcnParser;
import io.rocedoctor.parse.sw.SonicPfcPrioritiesParser;
import io.rocedoctor.parse.sw.SonicPfcwdConfigParser;
import io.rocedoctor.parse.sw.SonicPfcwdStatsParser;
import io.rocedoctor.parse.sw.SonicPortIndexedCountersParser;
import io.rocedoctor.parse.sw.SonicQueueCountersParser;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each switch parser's Javadoc example, read from its source, parses to what the Javadoc says.
 * (It lives in this package for {@link SampleText}; the parsers are in {@code parse.sw}.)
 */
class SwitchJavadocExamplesTest {

    private static String example(Class<?> parser) {
        return SampleText.javadocExample(parser);
    }

    @Test
    void sonicExamples() throws ParseException {
        assertThat(new SonicConfigParser()
                        .parse(example(SonicConfigParser.class))
                        .bufferPgs())
                .hasSize(2);
        assertThat(new SonicBufferConfigParser()
                        .parse(example(SonicBufferConfigParser.class))
                        .profiles()
                        .get("pg_lossless_100000_300m_profile")
                        .xoff())
                .isEqualTo(160000L);
        assertThat(new SonicEcnParser()
                        .parse(example(SonicEcnParser.class))
                        .profiles()
                        .get("AZURE_LOSSLESS")
                        .greenDropProbability())
                .isEqualTo(5);
        assertThat(SonicPortIndexedCountersParser.priorityGroups()
                        .parse(example(SonicPortIndexedCountersParser.class))
                        .value("Ethernet0", 3))
                .isEqualTo(803L);
        assertThat(new SonicQueueCountersParser()
                        .parse(example(SonicQueueCountersParser.class))
                        .queue("Ethernet0", "UC3")
                        .orElseThrow()
                        .dropPackets())
                .isEqualTo(91786L);
        assertThat(new SonicPfcwdStatsParser()
                        .parse(example(SonicPfcwdStatsParser.class))
                        .queue("Ethernet0", 3)
                        .orElseThrow()
                        .txDrop())
                .isEqualTo(300L);
        assertThat(new SonicPfcwdConfigParser()
                        .parse(example(SonicPfcwdConfigParser.class))
                        .pollIntervalMillis())
                .isEqualTo(600);
        assertThat(new SonicPfcPrioritiesParser()
                        .parse(example(SonicPfcPrioritiesParser.class))
                        .lossless())
                .containsEntry("Ethernet0", List.of(3, 4));
    }

    @Test
    void nvueExamples() throws ParseException {
        assertThat(new NvueRoceParser().parse(example(NvueRoceParser.class)).switchPriorityOfDscp(26))
                .contains(3);
        assertThat(new NvuePfcParser().parse(example(NvuePfcParser.class)).switchPriorities())
                .containsExactly(3);
        assertThat(new NvueQosMappingParser()
                        .parse(example(NvueQosMappingParser.class))
                        .trust())
                .isEqualTo("l2");
        assertThat(new NvueCongestionControlParser()
                        .parse(example(NvueCongestionControlParser.class))
                        .trafficClass(0)
                        .orElseThrow()
                        .minThresholdBytes())
                .isEqualTo(156672L);
        assertThat(new NvueEgressQueueMappingParser()
                        .parse(example(NvueEgressQueueMappingParser.class))
                        .switchPriorityToTrafficClass())
                .containsEntry(2, 7);
        assertThat(new NvuePfcWatchdogParser()
                        .parse(example(NvuePfcWatchdogParser.class))
                        .trafficClasses())
                .hasSize(1);
        assertThat(new NvueQosCountersParser()
                        .parse(example(NvueQosCountersParser.class))
                        .pfc(3)
                        .orElseThrow()
                        .rxPauseFrames())
                .isEqualTo(1520L);
        assertThat(new NvueBufferUsageParser()
                        .parse(example(NvueBufferUsageParser.class))
                        .entries()
                        .get(0)
                        .headroomBytes())
                .isEqualTo(19436L);
        assertThat(new NvueLinkParser().parse(example(NvueLinkParser.class)).mtu())
                .isEqualTo(9000);
        assertThat(new NvueForwardingParser()
                        .parse(example(NvueForwardingParser.class))
                        .ecmpHashFields())
                .doesNotContain("source-port");
        assertThat(new NvueRocePoolsParser()
                        .parse(example(NvueRocePoolsParser.class))
                        .pools())
                .hasSize(2);
    }

    @Test
    void eosExamples() throws ParseException {
        assertThat(new EosRunningConfigParser()
                        .parse(example(EosRunningConfigParser.class))
                        .settingsOf("Ethernet8")
                        .txQueues()
                        .get(3)
                        .ecn()
                        .minimumBytes())
                .isEqualTo(153600L);
        assertThat(new EosQueueDropsParser()
                        .parse(example(EosQueueDropsParser.class))
                        .dropped("Ethernet8", 3))
                .contains(123L);
    }
}
