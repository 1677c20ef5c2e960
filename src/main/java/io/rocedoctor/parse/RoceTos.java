package io.rocedoctor.parse;

/**
 * The IP ToS byte RDMA CM puts on a port's RoCE v2 traffic (DSCP = tos >> 2).
 *
 * @param tos 0..255
 */
public record RoceTos(int tos) {
    public int dscp() {
        return tos >> 2;
    }

    public int ecn() {
        return tos & 3;
    }
}
