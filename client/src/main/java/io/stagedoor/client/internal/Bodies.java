package io.stagedoor.client.internal;

import java.util.List;

/** The request bodies the client sends, as records so their JSON has a fixed field order. */
public final class Bodies {

    private Bodies() {
    }

    /** {@code POST /v1/events/{eventId}/holds}. */
    public record Hold(List<String> seats) {
    }

    /** {@code POST /v1/holds/{holdId}/checkout}. */
    public record Checkout(String paymentToken) {
    }

    /** {@code POST /v1/login}. */
    public record Login(String email, String password) {

        @Override
        public String toString() {
            return "Login[email=" + email + ", password=…]";
        }
    }

    /** {@code POST /v1/events/{eventId}/queue}: the body says nothing; the token says who joins. */
    public record Join() {
    }
}
