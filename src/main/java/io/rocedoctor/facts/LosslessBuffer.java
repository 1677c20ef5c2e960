package io.rocedoctor.facts;

import java.util.List;

/**
 * Where a lossless priority of one port lands in the NIC's receive buffers ({@code mlnx_qos}
 * "buffer" row): the buffer, its size in bytes (null when mlnx_qos did not print sizes), and the
 * lossy priorities (PFC off) mapped to the same buffer.
 */
public record LosslessBuffer(
        String device, String nic, int priority, int buffer, Long bufferBytes, List<Integer> sharedWithLossy) {
    public LosslessBuffer {
        sharedWithLossy = List.copyOf(sharedWithLossy);
    }
}
