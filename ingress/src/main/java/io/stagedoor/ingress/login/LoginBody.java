package io.stagedoor.ingress.login;

/**
 * The body of {@code POST /v1/login}.
 *
 * @param email    the account's email address
 * @param password its password
 */
public record LoginBody(String email, String password) {

    @Override
    public String toString() {
        return "LoginBody[email=" + email + ", password=(hidden)]";
    }
}
