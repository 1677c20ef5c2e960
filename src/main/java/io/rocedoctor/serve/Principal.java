package io.rocedoctor.serve;

import java.util.Locale;

/** Who is calling: a token's id, its role and, for a customer, the one case it may see. */
public record Principal(String tokenId, Role role, String caseName) {

    public enum Role {
        /** Uploads to and reads its own case only. */
        CUSTOMER,
        /** Reads and uploads to every case, closes cases. */
        ENGINEER,
        /** An engineer who also manages tokens and retention. */
        ADMIN;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Role of(String label) {
            for (Role r : values()) {
                if (r.label().equals(label)) {
                    return r;
                }
            }
            throw new IllegalArgumentException("role must be customer, engineer or admin, not '" + label + "'");
        }
    }

    /** Whether this caller may see the case; a customer sees its own only. */
    public boolean mayOpen(String caseName) {
        return role != Role.CUSTOMER || this.caseName.equals(caseName);
    }

    public boolean staff() {
        return role != Role.CUSTOMER;
    }
}
