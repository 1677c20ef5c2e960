package io.rocedoctor.parse;

/** The perftest programs, named by the banner title each prints ("RDMA_Write BW Test"). */
public enum PerftestProgram {
    WRITE_BW("ib_write_bw"),
    READ_BW("ib_read_bw"),
    SEND_BW("ib_send_bw"),
    ATOMIC_BW("ib_atomic_bw"),
    WRITE_LAT("ib_write_lat"),
    READ_LAT("ib_read_lat"),
    SEND_LAT("ib_send_lat"),
    ATOMIC_LAT("ib_atomic_lat");

    private final String command;

    PerftestProgram(String command) {
        this.command = command;
    }

    public String command() {
        return command;
    }

    public boolean latency() {
        return command.endsWith("_lat");
    }
}
