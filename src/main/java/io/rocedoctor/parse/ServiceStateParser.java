package io.rocedoctor.parse;

import java.util.Locale;

/**
 * Parses {@code systemctl is-active UNIT}.
 *
 * <pre>
 * active
 * </pre>
 * gives {@link ServiceState#ACTIVE}; "inactive", "failed", "activating", "unknown" (a unit
 * systemd does not know) give theirs. Empty output, an error message or a word systemd does not
 * print is a ParseException.
 */
public final class ServiceStateParser implements Parser<ServiceState> {
    @Override
    public ServiceState parse(String text) throws ParseException {
        String word = SingleWord.of(text, "systemctl is-active");
        for (ServiceState s : ServiceState.values()) {
            if (s.name().toLowerCase(Locale.ROOT).equals(word)) {
                return s;
            }
        }
        throw new ParseException(1, "systemctl is-active: unknown state '" + TextLines.abbreviate(word) + "'");
    }
}
