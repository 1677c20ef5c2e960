package io.rocedoctor.synth;

/**
 * Deterministic numbers from a seed and a name (SplitMix64 over the name's hash): the value a
 * counter starts at does not depend on how many other counters were drawn before it, so adding
 * a counter to the synthesizer leaves every other value of a bundle unchanged.
 */
final class Seeds {
    private Seeds() {}

    static long mix(long seed, String key) {
        long z = seed * 0x9E3779B97F4A7C15L + key.hashCode();
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A value in [from, to). */
    static long between(long seed, String key, long from, long to) {
        return from + Math.floorMod(mix(seed, key), to - from);
    }
}
