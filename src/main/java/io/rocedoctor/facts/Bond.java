package io.rocedoctor.facts;

import java.util.List;

/** A bonding interface: its mode, transmit hash policy (null for modes without one) and members. */
public record Bond(String name, String mode, String xmitHashPolicy, List<String> members) {
    public Bond {
        members = List.copyOf(members);
    }
}
