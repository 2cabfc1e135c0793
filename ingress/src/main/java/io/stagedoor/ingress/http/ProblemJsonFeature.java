package io.stagedoor.ingress.http;

import jakarta.ws.rs.core.Feature;
import jakarta.ws.rs.core.FeatureContext;
import org.glassfish.jersey.jackson.JacksonFeature;

/**
 * JSON in and out, with every error as an RFC 9457 problem: Jackson without its own exception mappers, the shared
 * {@link HttpJson} mapper and the problem mappers (raised problems, the framework's errors, anything unexpected).
 * Register it first, so every route and ring answers in the same shape.
 */
public final class ProblemJsonFeature implements Feature {

    @Override
    public boolean configure(FeatureContext context) {
        context.register(JacksonFeature.withoutExceptionMappers());
        context.register(new HttpJson());
        context.register(new ProblemMappers.Raised());
        context.register(new ProblemMappers.Framework());
        context.register(new ProblemMappers.Unexpected());
        return true;
    }
}
