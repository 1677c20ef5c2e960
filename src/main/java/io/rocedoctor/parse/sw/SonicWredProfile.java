package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.ParseException;
import java.util.Map;

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

    static SonicWredProfile of(String name, Map<String, String> f, int line) throws ParseException {
        return new SonicWredProfile(
                name,
                f.get("ecn"),
                SwitchValues.count(f.get("green_min_threshold"), line, name + " green_min_threshold"),
                SwitchValues.count(f.get("green_max_threshold"), line, name + " green_max_threshold"),
                SwitchValues.integer(f.get("green_drop_probability"), line, name + " green_drop_probability"),
                SwitchValues.count(f.get("yellow_min_threshold"), line, name + " yellow_min_threshold"),
                SwitchValues.count(f.get("yellow_max_threshold"), line, name + " yellow_max_threshold"),
                SwitchValues.integer(f.get("yellow_drop_probability"), line, name + " yellow_drop_probability"),
                SwitchValues.count(f.get("red_min_threshold"), line, name + " red_min_threshold"),
                SwitchValues.count(f.get("red_max_threshold"), line, name + " red_max_threshold"),
                SwitchValues.integer(f.get("red_drop_probability"), line, name + " red_drop_probability"),
                SwitchValues.flag(f.get("wred_green_enable")),
                SwitchValues.flag(f.get("wred_yellow_enable")),
                SwitchValues.flag(f.get("wred_red_enable")));
    }

    /** Whether the profile marks ECN on green (the colour RoCE traffic carries). */
    public boolean marksGreen() {
        return "ecn_all".equals(ecn)
                || "ecn_green".equals(ecn)
                || "ecn_green_yellow".equals(ecn)
                || "ecn_green_red".equals(ecn);
    }
}
