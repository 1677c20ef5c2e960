package io.rocedoctor.facts;

/**
 * One DCQCN parameter of a port as mlx5 holds it in force ({@code /sys/class/net/IF/ecn/roce_rp/NAME}
 * or {@code .../roce_np/NAME}, MLNX_OFED and DOCA-Host): the point ({@code roce_rp} the reaction
 * point, which slows a sender on CNPs; {@code roce_np} the notification point, which sends them), the
 * file's name and its value. {@code source} is the file read.
 */
public record DcqcnParameter(String netdev, String point, String name, long value, String source) {
    /** The parameter as the fleet compares it across hosts: {@code roce_rp/rpg_ai_rate}. */
    public String key() {
        return point + "/" + name;
    }
}
