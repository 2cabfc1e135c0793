package io.stagedoor.ingress.login;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AccountsTest {

    @Test
    void aTaggedAddressIsAnotherAccountAndCaseAndSpacesAreNot() {
        Accounts accounts = Accounts.load(null);
        accounts.put("ada@example.com", "ada", "hash-a");
        accounts.put(" Ada+Shop@Example.com", "ada-shop", "hash-b");

        assertThat(accounts.find("ADA@example.com ")).hasValueSatisfying(a -> assertThat(a.buyerId()).isEqualTo("ada"));
        assertThat(accounts.find("ada+shop@example.com")).hasValueSatisfying(a -> assertThat(a.buyerId()).isEqualTo("ada-shop"));
        assertThat(accounts.find("ada+x@example.com")).isEmpty();
        assertThat(accounts.size()).isEqualTo(2);
    }
}
