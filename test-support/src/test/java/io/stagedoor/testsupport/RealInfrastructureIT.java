package io.stagedoor.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

@RealInfrastructure
class RealInfrastructureIT {

    @Test
    void injectsTheSharedServers(@RedisUri String redis, @KafkaBootstrap String kafka) {
        assertThat(redis).isEqualTo(RealServers.redisUri()).startsWith("redis://");
        assertThat(kafka).isEqualTo(RealServers.kafkaBootstrap());
    }
}
