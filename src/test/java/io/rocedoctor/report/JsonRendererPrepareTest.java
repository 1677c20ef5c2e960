package io.rocedoctor.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocedoctor.plan.Plan;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.Collection;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The serializers built ahead of a cold analysis's report: every type the report writes, and the same text. */
class JsonRendererPrepareTest {

    @Test
    void preparesEveryRecordAPlannedReportWrites() throws Exception {
        Report report = ReportFixtures.planned("pfc-storm-ecn-off");

        Set<Class<?>> prepared = JsonRenderer.prepare(Report.class, Plan.class);

        Set<Class<?>> held = recordsIn(report);
        assertThat(held).contains(Report.ReportFinding.class, Plan.class, FigureData.class);
        assertThat(prepared).containsAll(held);
    }

    @Test
    void aReportWrittenAfterThePreparationReadsAsOneWrittenWithout() throws Exception {
        Report report = ReportFixtures.planned("pfc-storm-ecn-off");
        String unprepared = JsonRenderer.conventions(new ObjectMapper()).writeValueAsString(report) + "\n";

        JsonRenderer.prepare(Report.class, Plan.class);

        assertThat(new JsonRenderer().render(report)).isEqualTo(unprepared);
    }

    /** The record classes of the values a report writes, through its lists and maps. */
    private static Set<Class<?>> recordsIn(Object value) throws Exception {
        Set<Class<?>> found = new HashSet<>();
        collect(value, found);
        return found;
    }

    private static void collect(Object value, Set<Class<?>> found) throws Exception {
        if (value instanceof Collection<?> items) {
            for (Object item : items) {
                collect(item, found);
            }
        } else if (value instanceof Map<?, ?> map) {
            for (Object item : map.values()) {
                collect(item, found);
            }
        } else if (value != null && value.getClass().isRecord()) {
            found.add(value.getClass());
            for (RecordComponent component : value.getClass().getRecordComponents()) {
                Method accessor = component.getAccessor();
                if (!accessor.isAnnotationPresent(JsonIgnore.class)) {
                    accessor.setAccessible(true);
                    collect(accessor.invoke(value), found);
                }
            }
        }
    }
}
