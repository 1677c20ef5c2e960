package io.rocedoctor.parse;

import java.util.List;
import java.util.Optional;

/** The links of one {@code ip link} output, in printed order. */
public record IpLinks(List<IpLink> links) {
    public IpLinks {
        links = List.copyOf(links);
    }

    public Optional<IpLink> named(String name) {
        return links.stream().filter(l -> l.name().equals(name)).findFirst();
    }
}
