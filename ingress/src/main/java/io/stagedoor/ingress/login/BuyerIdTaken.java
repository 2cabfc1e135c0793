package io.stagedoor.ingress.login;

/**
 * Thrown when an account would take a buyer id that another email's account has: one buyer id is one buyer (tickets,
 * passes, seat caps, results and holds all key on it), so two emails sharing it would share everything.
 */
public final class BuyerIdTaken extends IllegalArgumentException {

    public BuyerIdTaken(String buyerId, String email, String owner) {
        super(AccountMessages.buyerIdTaken(buyerId, email, owner));
    }
}
