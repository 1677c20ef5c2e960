package io.rocedoctor.parse;

/**
 * The default RoCE version RDMA CM uses on a port.
 *
 * @param version the RoCE version
 * @param text the string as printed ("RoCE v2", "IB/RoCE v1")
 */
public record RoceMode(Version version, String text) {
    public enum Version {
        ROCE_V1,
        ROCE_V2
    }
}
