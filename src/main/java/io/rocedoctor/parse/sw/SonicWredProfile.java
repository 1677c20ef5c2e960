package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.ParseException;

/**
 * A SONiC WRED/ECN profile, from config_db's WRED_PROFILE or a {@code show ecn} block (same field
 * names). {@code ecn} is {@code ecn_none}, {@code ecn_green}, {@code ecn_all}...; thresholds in
 * bytes; probabilities in percent; the enables are absent when not written.
 */
public record SonicWredProfile(
        String name,
        String ecn,
        Long greenMinThreshold,
        Long greenMaxThreshold,
        Integer greenDropProbability,
        Long yellowMinThreshold,
        Long yellowMaxThreshold,
        Integer yellowDropProbability,
        Long redMinThreshold,
        Long redMaxThreshold,
        Integer redDropProbability,
        Boolean wredGreenEnable,
        Boolean wredYellowEnable,
        Boolean wredRedEnable) {

    static SonicWredProfile of(String name, SonicFields f) throws ParseException {
        return new SonicWredProfile(
                name,
                f.text("ecn"),
                f.count("green_min_threshold"),
                f.count("green_max_threshold"),
                f.integer("green_drop_probability"),
                f.count("yellow_min_threshold"),
                f.count("yellow_max_threshold"),
                f.integer("yellow_drop_probability"),
                f.count("red_min_threshold"),
                f.count("red_max_threshold"),
                f.integer("red_drop_probability"),
                f.flag("wred_green_enable"),
                f.flag("wred_yellow_enable"),
                f.flag("wred_red_enable"));
    }

    /** Whether the profile marks ECN on green (the colour RoCE traffic carries). */
    public boolean marksGreen() {
        return "ecn_all".equals(ecn)
                || "ecn_green".equals(ecn)
                || "ecn_green_yellow".equals(ecn)
                || "ecn_green_red".equals(ecn);
    }
}
