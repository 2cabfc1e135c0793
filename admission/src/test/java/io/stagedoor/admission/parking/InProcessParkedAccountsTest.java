package io.stagedoor.admission.parking;

/** The contract on the in-process store: one instance, so "elsewhere" is the same store. */
class InProcessParkedAccountsTest extends ParkedAccountsContract {

    @Override
    ParkedAccounts accounts(int most) {
        return new InProcessParkedAccounts(most);
    }

    @Override
    ParkedAccounts elsewhere(ParkedAccounts accounts) {
        return accounts;
    }
}
