package io.stagedoor.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ConnectException;
import org.junit.jupiter.api.Test;

class PrivateRedisIT {

    @Test
    void refusesWhileStoppedAndAnswersOnTheSamePortAfterARestart() throws Exception {
        try (PrivateRedis redis = PrivateRedis.start()) {
            int port = redis.port();
            redis.stop();
            assertThatThrownBy(() -> RealServersIT.RedisWire.ping("127.0.0.1", port)).isInstanceOf(ConnectException.class);

            redis.restart();

            assertThat(redis.port()).isEqualTo(port);
            assertThat(redis.uri()).isEqualTo("redis://127.0.0.1:" + port);
            assertThat(RealServersIT.RedisWire.ping("127.0.0.1", port)).isEqualTo("+PONG");
        }
    }

    @Test
    void isNotTheSharedRedis() {
        try (PrivateRedis redis = PrivateRedis.start()) {
            assertThat(redis.uri()).isNotEqualTo(RealServers.redisUri());
        }
    }
}
