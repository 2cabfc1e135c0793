package io.stagedoor.ingress.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.stagedoor.admission.limiter.Decision;
import io.stagedoor.admission.limiter.DecisionSource;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.admission.limit.LimitedRoute;
import io.stagedoor.topics.AdmissionRecord;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DecisionRecorderTest {

    private static final Instant NOW = Instant.parse("2026-11-30T19:00:00.250Z");
    private static final Limits LIMITS = Limits.defaults();
    private static final List<LimitCheck> HOLD = List.of(LimitCheck.of(LIMITS.policy("buyer-seats"), "buyer-1"),
            LimitCheck.of(LIMITS.policy("organizer-holds"), "org-1"));

    private final List<AdmissionRecord> written = new ArrayList<>();
    private final RefusalTally tally = new RefusalTally(written::add, 10, NOW::toEpochMilli, false);
    private final DecisionRecorder recorder = new DecisionRecorder(written::add, tally,
            Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void anAdmittedHoldIsRecordedForEveryLimitItTookFrom() {
        recorder.record(LimitedRoute.HOLDS, HOLD, Decision.admitted(LIMITS.policy("buyer-seats"), 9, DecisionSource.REDIS));

        assertThat(written).extracting(AdmissionRecord::limit, AdmissionRecord::outcome).containsExactly(
                tuple("buyer-seats", AdmissionRecord.ADMITTED),
                tuple("organizer-holds", AdmissionRecord.ADMITTED));
    }

    @Test
    void aRefusedHoldIsRecordedOnceAgainstTheLimitThatRefused() {
        recorder.record(LimitedRoute.HOLDS, HOLD, Decision.refused(LIMITS.policy("buyer-seats"), 0, 6, DecisionSource.REDIS));

        assertThat(written).singleElement().satisfies(record -> {
            assertThat(record.limit()).isEqualTo("buyer-seats");
            assertThat(record.key()).isEqualTo("buyer-1");
            assertThat(record.outcome()).isEqualTo(AdmissionRecord.REFUSED);
            assertThat(record.retryAfterSeconds()).isEqualTo(6);
            assertThat(record.count()).isEqualTo(1);
        });
    }

    @Test
    void refusalsFromTheRefusalCacheAreTalliedIntoOneCountedRecord() {
        Decision cached = Decision.refused(LIMITS.policy("buyer-seats"), 0, 5, DecisionSource.REFUSAL_CACHE);
        for (int i = 0; i < 250; i++) {
            recorder.record(LimitedRoute.HOLDS, HOLD, cached);
        }
        assertThat(written).isEmpty();

        tally.flushBefore(NOW.plusSeconds(1).toEpochMilli());

        assertThat(written).singleElement().satisfies(record -> {
            assertThat(record.limit()).isEqualTo("buyer-seats");
            assertThat(record.source()).isEqualTo(DecisionSource.REFUSAL_CACHE.tag());
            assertThat(record.count()).isEqualTo(250);
            assertThat(record.at()).isEqualTo(NOW);
        });
    }

    @Test
    void aFallbackDecisionIsRecordedForEveryLimitItDecided() {
        recorder.record(LimitedRoute.HOLDS, HOLD,
                Decision.admitted(LIMITS.policy("buyer-seats"), 9, DecisionSource.FALLBACK_OPEN));

        assertThat(written).extracting(AdmissionRecord::outcome)
                .containsExactly(AdmissionRecord.FALLBACK_OPEN, AdmissionRecord.FALLBACK_OPEN);
    }

    @Test
    void aLoginAddressIsHashedEvenWhenTallied() {
        List<LimitCheck> login = List.of(LimitCheck.of(LIMITS.policy("login-address"), "203.0.113.9"));
        recorder.record(LimitedRoute.LOGIN, login,
                Decision.refused(LIMITS.policy("login-address"), 0, 6, DecisionSource.REFUSAL_CACHE));
        tally.close();

        assertThat(written).singleElement().extracting(AdmissionRecord::key)
                .isEqualTo(DecisionRecorder.hashed("203.0.113.9"));
    }
}
