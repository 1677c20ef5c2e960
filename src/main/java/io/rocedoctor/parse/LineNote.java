package io.rocedoctor.parse;

/**
 * A line of a capture its parser did not take: known noise it skipped, or a line it could not read,
 * with the reason. {@code line} is 1-based, 0 for a remark on the whole text (a table read without
 * its header). The ledger adds the file name.
 */
public record LineNote(int line, String reason) {

    /** {@code "line 3: reason"}, or the reason alone for the whole text; the ledger prefixes the file. */
    public String where(String file) {
        return file + (line > 0 ? ":" + line : "") + ": " + reason;
    }
}
