package io.rocedoctor.facts;

/** The irqbalance service as {@code systemctl is-active irqbalance} reported it, and whether it is moving interrupts. */
public record IrqBalance(String state, boolean running) {}
