package io.rocedoctor.facts;

/**
 * How one switch splits its buffer, in bytes: the ingress lossless pool(s), the lossy pools, the
 * shared headroom pool (the lossless pool's {@code xoff}; null when not shared) and the largest
 * headroom one lossless PG reserves. {@code source} names the table it comes from.
 */
public record SwitchBufferPools(
        String switchName,
        String platform,
        String source,
        long losslessBytes,
        long lossyBytes,
        Long headroomPoolBytes,
        Long largestPgHeadroomBytes) {}
