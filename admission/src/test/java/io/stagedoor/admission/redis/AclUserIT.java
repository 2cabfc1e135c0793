package io.stagedoor.admission.redis;

import io.stagedoor.admission.AdmissionMessages;
import io.stagedoor.admission.limiter.Decision;
import io.stagedoor.admission.limiter.DecisionSource;
import io.stagedoor.admission.limiter.Limiter;
import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.testsupport.AclRedis;
import io.stagedoor.testsupport.TestNames;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Redis as deployed with an ACL user: {@code redis://stagedoor:secret@host:port}. */
class AclUserIT {

    private static AclRedis redis;

    @BeforeAll
    static void start() {
        redis = AclRedis.start();
    }

    @AfterAll
    static void stop() {
        redis.close();
    }

    @Test
    void anAclUserDecidesThroughRedis() {
        try (RedisAccess access = RedisAccess.open(RedisEndpoint.of(redis.uri()), OutageSettings.defaults()
                .withCommandTimeout(Duration.ofSeconds(1)));
             Limiter limiter = Limiter.builder().redis(access)) {
            Decision decision = limiter.decide(LimitCheck.of(Limits.defaults().policy("buyer-seats"), TestNames.unique("acl")))
                    .toCompletableFuture().join();
            assertThat(decision.admitted()).isTrue();
            assertThat(decision.source()).isEqualTo(DecisionSource.REDIS);
            assertThat(access.commands().aclWhoami().toCompletableFuture().join()).isEqualTo(AclRedis.USER);
        }
    }

    @Test
    void aWrongPasswordFailsAtStartSayingSoWithoutThePassword() {
        String wrong = redis.uri(AclRedis.USER, "not-the-secret");
        RedisEndpoint endpoint = RedisEndpoint.of(wrong);
        assertThatThrownBy(() -> RedisAccess.open(endpoint, OutageSettings.defaults()))
                .isInstanceOf(RedisStartFailure.class)
                .hasMessage(AdmissionMessages.redisRefusedCredentials(endpoint.toString()))
                .message().doesNotContain("not-the-secret").contains("stagedoor:***@");
    }
}
