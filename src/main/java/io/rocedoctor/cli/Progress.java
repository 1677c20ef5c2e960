package io.rocedoctor.cli;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * Progress of a many-bundle analysis on stderr: a bar redrawn in place on a terminal, else a
 * counter line at every tenth of the work, so logs stay short. Silent for fewer than 10 bundles.
 */
final class Progress {
    private static final int WIDTH = 30;
    private final PrintWriter err;
    private final int total;
    private final boolean terminal;
    private final long started = System.nanoTime();
    private int done;
    private long lastDraw;

    Progress(PrintWriter err, int total, boolean terminal) {
        this.err = err;
        this.total = total;
        this.terminal = terminal;
    }

    void step() {
        done++;
        if (total < 10) {
            return;
        }
        if (terminal) {
            long now = System.nanoTime();
            if (done == total || now - lastDraw > 100_000_000L) {
                lastDraw = now;
                int filled = done * WIDTH / total;
                err.print(String.format(
                        Locale.ROOT,
                        "\r[%s%s] %d/%d bundles, %.0f/s",
                        "#".repeat(filled),
                        ".".repeat(WIDTH - filled),
                        done,
                        total,
                        done / Math.max(1e-3, (now - started) / 1e9)));
                if (done == total) {
                    err.print('\n');
                }
                err.flush();
            }
        } else if (done * 10 / total != (done - 1) * 10 / total) {
            err.println("roce-doctor: analysed " + done + "/" + total + " bundles");
            err.flush();
        }
    }
}
