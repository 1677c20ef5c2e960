package io.rocedoctor.facts;

/**
 * One IPv4 route of {@code ip route show table all}, with its table ({@code main} where ip printed none).
 *
 * @param device  its {@code dev}, or each next hop's of a multipath route (comma separated), or null
 * @param usable  false for a route marked {@code linkdown} or {@code dead}, or of a type that carries
 *                nothing ({@code unreachable}, {@code blackhole}, {@code prohibit}, {@code throw})
 */
public record TableRoute(
        String table,
        String type,
        String destination,
        String device,
        String gateway,
        String preferredSource,
        boolean usable,
        String source) {}
