package io.rocedoctor.parse;

/**
 * An RDMA port as the {@code rdma} tool names it, {@code mlx5_0/1}: device, then port number.
 *
 * @param device the RDMA device (mlx5_0, rocep6s0f1, mlx5_bond_0)
 * @param port the 1-based port number
 */
public record RdmaPortName(String device, int port) {

    /** Reads {@code DEV/PORT} (a trailing ':' of older iproute2 tolerated). */
    public static RdmaPortName parse(String token, int lineNumber) throws ParseException {
        String t = token.endsWith(":") ? token.substring(0, token.length() - 1) : token;
        int slash = t.lastIndexOf('/');
        if (slash <= 0 || slash == t.length() - 1) {
            throw new ParseException(lineNumber, "expected DEVICE/PORT, found '" + TextLines.abbreviate(token) + "'");
        }
        long port = TextLines.parseLong(t.substring(slash + 1), lineNumber, "port number");
        if (port < 0 || port > 65535) {
            throw new ParseException(lineNumber, "port number " + port + " is out of range");
        }
        return new RdmaPortName(t.substring(0, slash), (int) port);
    }
}
