package io.stagedoor.ingress.auth;

import java.security.Principal;
import java.util.Objects;

/**
 * An authenticated principal: the identity limits are keyed on and results belong to.
 *
 * @param role        buyer, scanner or operator
 * @param id          the buyer id, API key id, or "operator"
 * @param organizerId the organizer a scanner key belongs to, else null
 */
public record Caller(Role role, String id, String organizerId) implements Principal {

    public Caller {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(id, "id");
    }

    public static Caller buyer(String buyerId) {
        return new Caller(Role.BUYER, buyerId, null);
    }

    public static Caller operator() {
        return new Caller(Role.OPERATOR, "operator", null);
    }

    @Override
    public String getName() {
        return id;
    }
}
