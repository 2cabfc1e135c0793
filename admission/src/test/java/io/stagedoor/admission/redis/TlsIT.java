package io.stagedoor.admission.redis;

import io.stagedoor.admission.AdmissionMessages;
import io.stagedoor.admission.limiter.Decision;
import io.stagedoor.admission.limiter.DecisionSource;
import io.stagedoor.admission.limiter.Limiter;
import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.testsupport.TlsRedis;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Redis as deployed behind TLS: {@code rediss://host:port}. */
class TlsIT {

    private static TlsRedis redis;

    @BeforeAll
    static void start() {
        redis = TlsRedis.start();
    }

    @AfterAll
    static void stop() {
        redis.close();
    }

    @Test
    void aRedissUriDecidesThroughRedisOverTls() {
        try (RedisAccess access = RedisAccess.open(RedisEndpoint.of(redis.uri()), OutageSettings.defaults()
                .withCommandTimeout(Duration.ofSeconds(1)));
             Limiter limiter = Limiter.builder().redis(access)) {
            Decision decision = limiter.decide(LimitCheck.of(Limits.defaults().policy("buyer-seats"), TestNames.unique("tls")))
                    .toCompletableFuture().join();
            assertThat(decision.source()).isEqualTo(DecisionSource.REDIS);
            assertThat(decision.admitted()).isTrue();
        }
    }

    @Test
    void aPlainClientOnTheTlsPortFailsAtStart() {
        assertThatThrownBy(() -> RedisAccess.open(RedisEndpoint.of(redis.plainUriOfTlsPort()), OutageSettings.defaults()))
                .isInstanceOf(RedisStartFailure.class)
                .hasMessageStartingWith(AdmissionMessages.redisUnreachableAtStart(redis.plainUriOfTlsPort(), ""));
    }
}
