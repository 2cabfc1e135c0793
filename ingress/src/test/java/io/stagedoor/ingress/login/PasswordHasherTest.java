package io.stagedoor.ingress.login;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PasswordHasherTest {

    private final PasswordHasher hasher = new PasswordHasher(1024, 1);

    @Test
    void aHashVerifiesItsPasswordAndNoOther() {
        String hash = hasher.hash("correct horse");
        assertThat(hash).startsWith("$argon2id$v=19$m=1024,t=1,p=1$");
        assertThat(hasher.verify("correct horse", hash)).isTrue();
        assertThat(hasher.verify("correct horsf", hash)).isFalse();
    }

    @Test
    void twoHashesOfOnePasswordDifferByTheirSalt() {
        assertThat(hasher.hash("same")).isNotEqualTo(hasher.hash("same"));
    }

    @Test
    void malformedHashesNeverVerify() {
        assertThat(hasher.verify("x", "plain")).isFalse();
        assertThat(hasher.verify("x", "$argon2id$v=19$m=1024,t=1,p=1$!!!$!!!")).isFalse();
    }

    @Test
    void everyHashIsCounted() {
        long before = hasher.invocations();
        hasher.verify("x", hasher.hash("x"));
        assertThat(hasher.invocations()).isEqualTo(before + 2);
    }

    @Test
    void theDefaultCostIsPrinted() {
        PasswordHasher real = PasswordHasher.defaults();
        real.hash("warm up");
        long start = System.nanoTime();
        real.hash("measure");
        System.out.printf("argon2id m=%d KiB t=%d: %d ms%n", PasswordHasher.DEFAULT_MEMORY_KIB,
                PasswordHasher.DEFAULT_ITERATIONS, (System.nanoTime() - start) / 1_000_000);
        assertThat(real.invocations()).isEqualTo(2);
    }
}
