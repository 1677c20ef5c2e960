package io.rocedoctor.serve;

import io.rocedoctor.engine.Figures;
import io.rocedoctor.plan.BundleDiff;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/** What the page templates print: times in UTC, figures as the CLI's diff prints them. */
public final class View {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC);

    private View() {
    }

    public static String time(Long epochMs) {
        return epochMs == null ? "" : TIME.format(Instant.ofEpochMilli(epochMs));
    }

    public static String figure(Double v, String unit) {
        if (v == null) {
            return "absent";
        }
        return unit.equals("%") ? String.format(Locale.ROOT, "%.1f%%", v) : Figures.number(v) + unit;
    }

    public record DiffPart(String title, List<BundleDiff.FindingKey> keys) {
    }

    public static List<DiffPart> diffParts(BundleDiff diff) {
        return List.of(new DiffPart("gone", diff.gone()), new DiffPart("new", diff.appeared()), new DiffPart("unchanged", diff.unchanged()));
    }
}
