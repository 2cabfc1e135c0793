package io.stagedoor.ingress.auth;

/** What kind of principal a caller is, and so which credential proves it. */
public enum Role {
    /** A buyer, proven by a bearer token. */
    BUYER,
    /** A scanner phone, proven by an API key. */
    SCANNER,
    /** An operator, proven by the admin key. */
    OPERATOR
}
