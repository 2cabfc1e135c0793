package io.stagedoor.admission.redis;

import io.lettuce.core.RedisURI;
import io.stagedoor.admission.AdmissionMessages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RedisEndpointTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "redis://stagedoor:s3cret@10.0.0.5:6379 | redis://stagedoor:***@10.0.0.5:6379",
            "rediss://stagedoor:s3cret@redis.example:6380/0 | rediss://stagedoor:***@redis.example:6380/0",
            "redis-sentinel://s3cret@s1:26379,s2:26379/0#mymaster | redis-sentinel://***@s1:26379,s2:26379/0#mymaster",
            "redis://127.0.0.1:6379 | redis://127.0.0.1:6379"})
    void printsEveryUriWithItsPasswordMasked(String uri, String printed) {
        assertThat(RedisEndpoint.of(uri)).hasToString(printed);
    }

    @Test
    void bareClusterNodesTakeTheSchemeAndCredentialsOfTheFirstFullUri() {
        RedisEndpoint cluster = RedisEndpoint.cluster(List.of("rediss://stagedoor:s3cret@n1:7000", "n2:7001", "n3:7002"));
        List<RedisURI> uris = cluster.clusterUris();
        assertThat(uris).extracting(RedisURI::getPort).containsExactly(7000, 7001, 7002);
        assertThat(uris).allSatisfy(uri -> {
            assertThat(uri.isSsl()).isTrue();
            assertThat(uri.getCredentialsProvider().resolveCredentials().block().getUsername()).isEqualTo("stagedoor");
        });
        assertThat(cluster.toString()).doesNotContain("s3cret");
    }

    @Test
    void theClusterWinsOverTheUriInSettingsAndNeitherMeansNoRedis() {
        assertThat(RedisEndpoint.fromSettings("redis://a:1", List.of("b:2")).isCluster()).isTrue();
        assertThat(RedisEndpoint.fromSettings(null, List.of())).isNull();
        assertThat(RedisEndpoint.fromSettings("redis://a:1", List.of()).isCluster()).isFalse();
    }

    @ParameterizedTest
    @CsvSource({"n1", "n1:0", "n1:port", "redis-sentinel://s1:26379/0#m"})
    void refusesAClusterNodeThatIsNoHostAndPort(String node) {
        assertThatThrownBy(() -> RedisEndpoint.cluster(List.of(node)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(AdmissionMessages.badClusterNode(node));
    }
}
