package io.rocedoctor.parse;

import java.util.List;

/**
 * MLNX_OFED's traffic class override of one RDMA device port, as
 * {@code /sys/class/infiniband/DEV/tc/PORT/traffic_class} prints it: the global value every QP of
 * the port is given (null: none set, each QP keeps the traffic class its application chose) and
 * the per-address rules that apply where no global value is set.
 */
public record RdmaTrafficClass(Integer global, List<Rule> rules) {
    public RdmaTrafficClass {
        rules = List.copyOf(rules);
    }

    /** One rule: its match as printed ({@code src_ip=10.0.0.1,dst_ip=10.0.1.0/24}) and the traffic class it gives. */
    public record Rule(String match, int tclass) {}
}
