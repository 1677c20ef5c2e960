package io.rocedoctor.parse;

import java.util.List;
import java.util.Map;

/**
 * The receive buffers of one port as {@code dcb buffer show dev IF} prints them. Parts the
 * output lacks are empty or null.
 *
 * @param priorityBuffer priority -> receive buffer
 * @param bufferBytes the size of each buffer in bytes, buffer 0 first (as dcb rounds them: see the parser)
 * @param totalBytes the port's buffer memory in all, hidden buffers included
 */
public record DcbBuffer(Map<Integer, Integer> priorityBuffer, List<Long> bufferBytes, Long totalBytes) {
    public DcbBuffer {
        priorityBuffer = OrderedCopy.map(priorityBuffer);
        bufferBytes = List.copyOf(bufferBytes);
    }
}
