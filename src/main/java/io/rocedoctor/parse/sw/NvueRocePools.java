package io.rocedoctor.parse.sw;

import java.util.List;
import java.util.Optional;

/**
 * {@code nv show qos roce pool}: the buffer pools the RoCE profile carves, by name
 * ({@code lossy-default-ingress}, {@code roce-reserved-ingress}...), with their hardware pool id and
 * size in bytes (null when unbounded, {@code inf}).
 */
public record NvueRocePools(List<Pool> pools) {
    public NvueRocePools {
        pools = List.copyOf(pools);
    }

    public record Pool(String name, String mode, Integer poolId, Long sizeBytes) {}

    public Optional<Pool> pool(String name) {
        return pools.stream().filter(p -> p.name().equals(name)).findFirst();
    }
}
