package io.stagedoor.testsupport;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Marks a {@code String} test parameter that receives {@link RealServers#kafkaBootstrap()}; needs {@link RealInfrastructure}. */
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
public @interface KafkaBootstrap {
}
