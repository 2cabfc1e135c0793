package io.stagedoor.ingress.login;

/** Every message the account store writes, so tests and the command line assert against one place. */
public final class AccountMessages {

    private AccountMessages() {
    }

    /** Why an account may not take {@code buyerId}: another email's account has it. */
    public static String buyerIdTaken(String buyerId, String email, String owner) {
        return "the buyer id " + buyerId + " belongs to " + owner + "; " + email
                + " needs another (omit --buyer for a new opaque id)";
    }

    /** Why an accounts file is refused: two of its emails share one buyer id. */
    public static String buyerIdShared(String file, String buyerId, String first, String second) {
        return "the accounts file " + file + " gives the buyer id " + buyerId + " to both " + first + " and " + second
                + "; give one of them another id (./stagedoor accounts add --email E --password P --buyer ID)";
    }

    /** Why a buyer id is refused: its shape. */
    public static String badBuyerId(String buyerId) {
        return "a buyer id is 1 to 128 of A-Z a-z 0-9 . _ @ : - (got '" + buyerId + "')";
    }
}
