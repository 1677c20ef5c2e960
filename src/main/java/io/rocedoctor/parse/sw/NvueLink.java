package io.rocedoctor.parse.sw;

/** {@code nv show interface IF link}: the port's MTU in bytes, null when the view does not show it. */
public record NvueLink(Integer mtu) {}
