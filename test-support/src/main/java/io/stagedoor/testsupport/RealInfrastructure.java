package io.stagedoor.testsupport;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * On a test class: the shared Redis and Kafka of {@link RealServers} are up before its first test, and its
 * constructors, lifecycle methods and tests may take {@link RedisUri @RedisUri String} and
 * {@link KafkaBootstrap @KafkaBootstrap String} parameters.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@ExtendWith(RealInfrastructureExtension.class)
public @interface RealInfrastructure {
}
