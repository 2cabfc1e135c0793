package io.stagedoor.ingress.rings;

import io.stagedoor.admission.limit.LimitedRoute;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Marks a resource method whose requests pass the rate-limit rings of {@link #value()}. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Limited {
    LimitedRoute value();
}
