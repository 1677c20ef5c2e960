package io.rocedoctor.parse;

import java.util.List;

/**
 * The GID table {@code show_gids} prints.
 *
 * @param entries the rows, in printed order
 * @param gidsFound the footer's {@code n_gids_found}; null when the footer is missing (excerpt)
 */
public record GidTable(List<GidEntry> entries, Integer gidsFound) {
    public GidTable {
        entries = List.copyOf(entries);
    }

    /**
     * One row.
     *
     * @param ipv4 the IPv4 address of an IPv4-mapped GID; null when the column is empty
     * @param roceVersion 1 or 2
     * @param netdev the netdev the GID belongs to; null when the column is empty
     */
    public record GidEntry(
            String device, int port, int index, String gid, String ipv4, int roceVersion, String netdev) {}
}
