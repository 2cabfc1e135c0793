package io.stagedoor.admission.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stagedoor.admission.AdmissionMessages;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LimitDeclarationTest {

    @Test
    void everyShippedLimitReadsBackAsItIsWritten() {
        for (Limit limit : Limits.defaults().all()) {
            assertThat(LimitDeclaration.read(limit.name(), LimitDeclaration.write(limit), null)).isEqualTo(limit);
        }
    }

    @Test
    void theShippedLimitsAreTheSixOfTheArchitecture() {
        assertThat(Limits.defaults().all()).extracting(Limit::name).containsExactly("buyer-seats",
                "buyer-checkouts", "organizer-holds", "scanner-key", "login-address", "login-account");
        Limit seats = Limits.defaults().limit("buyer-seats");
        assertThat(seats.policy()).isEqualTo(LimitPolicy.of("buyer-seats", 10, 1, Duration.ofSeconds(6),
                WhenUnavailable.FAIL_OPEN));
        assertThat(seats.cost().perSeat()).isTrue();
        assertThat(Limits.defaults().policy("login-account").whenRedisDown()).isEqualTo(WhenUnavailable.LOCAL_BUCKET);
    }

    @Test
    void aBucketAloneChangesAShippedLimitAndKeepsTheRestOfIt() {
        Limits changed = Limits.defaults().declare("login-address", "30,30,PT1M shadow");

        Limit address = changed.limit("login-address");
        assertThat(address.policy().capacity()).isEqualTo(30);
        assertThat(address.policy().shadow()).isTrue();
        assertThat(address.policy().whenRedisDown()).isEqualTo(WhenUnavailable.LOCAL_BUCKET);
        assertThat(address.key()).isEqualTo(LimitKey.ADDRESS);
        assertThat(changed.all()).extracting(Limit::name).isEqualTo(Limits.defaults().all().stream()
                .map(Limit::name).toList());
    }

    @Test
    void aNewLimitGoesAfterTheRestAndTakesItsRoutesChecks() {
        Limits limits = Limits.defaults().declare("event-holds", "50,50,PT1S per event on holds cost 2");

        List<LimitCheck> checks = limits.checks(LimitedRoute.HOLDS, LimitSubject.hold("b1", "o1", "e1", 3));

        assertThat(checks).extracting(check -> check.policy().name() + "/" + check.subject() + "/" + check.cost())
                .containsExactly("buyer-seats/b1/3", "organizer-holds/o1/1", "event-holds/e1/2");
        assertThat(limits.checks(LimitedRoute.CHECKOUT, LimitSubject.of(LimitKey.BUYER, "b1")))
                .extracting(check -> check.policy().name()).containsExactly("buyer-checkouts");
    }

    @Test
    void aLoginSubjectMeetsOnlyTheLimitsOfTheKeyItCarries() {
        assertThat(Limits.defaults().checks(LimitedRoute.LOGIN, LimitSubject.of(LimitKey.ADDRESS, "10.0.0.1")))
                .extracting(check -> check.policy().name()).containsExactly("login-address");
        assertThat(Limits.defaults().checks(LimitedRoute.LOGIN, LimitSubject.of(LimitKey.ACCOUNT, "a@b|10.0.0")))
                .extracting(check -> check.policy().name()).containsExactly("login-account");
    }

    @ParameterizedTest
    @ValueSource(strings = {"10,1", "10,1,PT6S per", "10,1,PT6S per nobody on holds", "10,1,PT6S per buyer on stage",
            "10,1,PT6S per buyer on holds cost many", "10,1,PT6S per buyer on holds redis-down maybe",
            "10,1,PT6S per buyer on holds loudly yes", "ten,1,PT6S per buyer on holds", "10,1,6s per buyer on holds",
            "10,1,PT6S on holds", "0,1,PT6S per buyer on holds"})
    void aBadDeclarationIsRefusedNamingTheLimit(String text) {
        assertThatThrownBy(() -> Limits.defaults().declare("new-one", text))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("limit 'new-one': ")
                .hasMessageEndingWith(AdmissionMessages.LIMIT_GRAMMAR + "'");
    }

    @Test
    void aKeyARouteDoesNotKnowIsRefused() {
        assertThatThrownBy(() -> Limits.defaults().declare("x", "1,1,PT1S per organizer on holds,checkout"))
                .hasMessage(AdmissionMessages.limitKeyNotOnRoute("x", "organizer", "checkout"));
    }
}
