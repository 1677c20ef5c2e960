package io.rocedoctor.parse.sw;

import io.rocedoctor.parse.LineParser;
import io.rocedoctor.parse.ParseException;
import io.rocedoctor.parse.TextLines;
import java.util.HashMap;
import java.util.Map;

/**
 * Parses {@code show ecn} ({@code ecnconfig -l}): one "key value" block per WRED profile.
 * <pre>
 * Profile: AZURE_LOSSLESS
 * -----------------------  -------
 * red_max_threshold        2097152
 * wred_green_enable        true
 * ecn                      ecn_all
 * green_min_threshold      1048576
 * green_max_threshold      2097152
 * green_drop_probability   5
 * -----------------------  -------</pre>
 * -> AZURE_LOSSLESS: ecn_all, green 1048576..2097152 at 5%, wredGreenEnable true.
 * Empty text is a ParseException at line 0; text without a Profile block, at line 1.
 */
public final class SonicEcnParser extends LineParser<SonicEcnProfiles> {

    @Override
    protected SonicEcnProfiles parse(TextLines lines) throws ParseException {
        Map<String, SonicWredProfile> profiles = new HashMap<>();
        LineByLine rows = new LineByLine(lines);
        for (TabulateTables.Table t : TabulateTables.parse(lines)) {
            if (t.headers().isEmpty()
                    && t.titleKind().equals("profile")
                    && t.titleName().isPresent()) {
                String name = t.titleName().get();
                profiles.put(name, SonicWredProfile.of(name, SonicFields.block(name, t, rows)));
            }
        }
        rows.requireSomeRead();
        if (profiles.isEmpty()) {
            throw new ParseException(1, "no 'Profile:' block: not a show ecn output");
        }
        return new SonicEcnProfiles(profiles);
    }
}
