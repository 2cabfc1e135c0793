package io.stagedoor.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ConnectException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class EmbeddedRedisIT {

    private EmbeddedRedis redis;

    @BeforeEach
    void startRedis() {
        redis = EmbeddedRedis.start(Ports.anyFree());
    }

    @AfterEach
    void closeRedis() {
        redis.close();
    }

    @Test
    void answersPingOnItsPort() throws Exception {
        assertThat(RedisPing.ping(redis.port())).isEqualTo("+PONG");
        assertThat(redis.uri()).isEqualTo("redis://127.0.0.1:" + redis.port());
    }

    @Test
    void refusesConnectionsWhileStopped() {
        redis.stop();

        assertThat(redis.isRunning()).isFalse();
        assertThatThrownBy(() -> RedisPing.ping(redis.port())).isInstanceOf(ConnectException.class);
    }

    @Test
    void answersAgainOnTheSamePortAfterARestart() throws Exception {
        int port = redis.port();
        redis.stop();

        redis.start();

        assertThat(redis.port()).isEqualTo(port);
        assertThat(RedisPing.ping(port)).isEqualTo("+PONG");
    }

    @Test
    void fallsBackToAFreePortWhenThePreferredOneIsTaken() throws Exception {
        try (EmbeddedRedis second = EmbeddedRedis.start(redis.port())) {
            assertThat(second.port()).isNotEqualTo(redis.port());
            assertThat(RedisPing.ping(second.port())).isEqualTo("+PONG");
        }
    }

    @Test
    void closingTwiceIsHarmless() {
        redis.close();
        redis.close();

        assertThat(redis.isRunning()).isFalse();
    }
}
