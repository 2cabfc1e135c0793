package io.stagedoor.testsupport;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/** Starts the shared servers before a test class and resolves {@link RedisUri} and {@link KafkaBootstrap} parameters. */
public final class RealInfrastructureExtension implements BeforeAllCallback, ParameterResolver {

    @Override
    public void beforeAll(ExtensionContext context) {
        RealServers.redisUri();
        RealServers.kafkaBootstrap();
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext extension) {
        return parameter.getParameter().getType() == String.class
                && (parameter.isAnnotated(RedisUri.class) || parameter.isAnnotated(KafkaBootstrap.class));
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext extension) {
        return parameter.isAnnotated(RedisUri.class) ? RealServers.redisUri() : RealServers.kafkaBootstrap();
    }
}
