package io.rocedoctor.parse;

import io.rocedoctor.parse.EthtoolPresetTable.Block;
import java.util.Set;

/**
 * Parses {@code ethtool -l IF}.
 *
 * <pre>
 * Channel parameters for ens1f0np0:
 * Pre-set maximums:
 * RX:             n/a
 * TX:             n/a
 * Other:          n/a
 * Combined:       63
 * Current hardware settings:
 * RX:             n/a
 * TX:             n/a
 * Other:          n/a
 * Combined:       16
 * </pre>
 * gives {@code EthtoolChannels("ens1f0np0", Counts(null, null, null, 63), Counts(null, null, null, 16))}.
 * ethtool before 5.6 (ioctl) prints 0 where netlink ethtool prints "n/a" (the kernel sends no
 * attribute for a channel type the driver lacks): both are read as printed, 0 and absent. Empty
 * output or an ethtool refusal ("Cannot get device channel parameters") is a ParseException; a
 * truncated output leaves the missing block's counts absent; a line that does not read is a note
 * (see {@link EthtoolPresetTable}).
 */
public final class EthtoolChannelsParser extends LineParser<EthtoolChannels> {
    private static final Set<String> COUNTS = Set.of("RX", "TX", "Other", "Combined");

    @Override
    protected EthtoolChannels parse(TextLines lines) throws ParseException {
        EthtoolPresetTable table = EthtoolPresetTable.parse(lines, "Channel parameters for ", "ethtool -l", COUNTS);
        return new EthtoolChannels(table.interfaceName(), counts(table, Block.MAXIMUMS), counts(table, Block.CURRENT));
    }

    private static EthtoolChannels.Counts counts(EthtoolPresetTable table, Block block) {
        return new EthtoolChannels.Counts(
                table.count(block, "RX"),
                table.count(block, "TX"),
                table.count(block, "Other"),
                table.count(block, "Combined"));
    }
}
