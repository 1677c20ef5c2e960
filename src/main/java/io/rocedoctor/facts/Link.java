package io.rocedoctor.facts;

/**
 * A host port facing a switch port: the host's netdev, the switch (its dump's folder name under
 * {@code switches/}) and the switch port, and where the pairing comes from ({@code manifest}).
 */
public record Link(String hostPort, String switchName, String switchPort, String origin) {
}
