package io.stagedoor.admission.fallback;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.stagedoor.admission.AdmissionMessages;

import java.time.Duration;
import java.util.Objects;

/**
 * How quickly the limiter gives up on Redis. The command timeout bounds what one outage adds to a decision;
 * the circuit breaker stops even that once Redis is clearly down, and probes it again after {@code openFor}.
 *
 * @param commandTimeout      longest wait for one bucket call; default 50 ms, at most 1 s
 * @param failureRatePercent  failure rate that opens the breaker; default 50
 * @param slidingWindowCalls  calls the failure rate is measured over; default 20
 * @param minimumCalls        calls needed before the rate counts; default 10
 * @param openFor             time the breaker stays open before probing; default 1 s
 * @param probeCalls          calls let through while half open; default 3
 */
public record OutageSettings(Duration commandTimeout, float failureRatePercent, int slidingWindowCalls,
                             int minimumCalls, Duration openFor, int probeCalls) {

    public OutageSettings {
        Objects.requireNonNull(commandTimeout, "commandTimeout");
        Objects.requireNonNull(openFor, "openFor");
        if (commandTimeout.toMillis() < 1 || commandTimeout.compareTo(Duration.ofSeconds(1)) > 0) {
            throw new IllegalArgumentException(AdmissionMessages.timeoutOutOfRange(commandTimeout));
        }
        if (!(failureRatePercent > 0 && failureRatePercent <= 100)) {
            throw new IllegalArgumentException(AdmissionMessages.percentOutOfRange("failure rate", failureRatePercent));
        }
        for (long value : new long[] {slidingWindowCalls, minimumCalls, openFor.toMillis(), probeCalls}) {
            if (value < 1) {
                throw new IllegalArgumentException(AdmissionMessages.notPositive("breaker setting", value));
            }
        }
    }

    /**
     * A circuit breaker with these settings. It only half-opens when a call asks (no timer thread), and its users
     * register no event consumer, which would build a timestamped event object per call.
     */
    public CircuitBreaker breaker(String name) {
        return CircuitBreaker.of(name,
                CircuitBreakerConfig.custom()
                        .failureRateThreshold(failureRatePercent())
                        .slidingWindowType(CircuitBreakerConfig.SlidingWindowType.COUNT_BASED)
                        .slidingWindowSize(slidingWindowCalls())
                        .minimumNumberOfCalls(minimumCalls())
                        .waitDurationInOpenState(openFor())
                        .permittedNumberOfCallsInHalfOpenState(probeCalls())
                        .automaticTransitionFromOpenToHalfOpenEnabled(false)
                        .build());
    }

    public static OutageSettings defaults() {
        return new OutageSettings(Duration.ofMillis(50), 50f, 20, 10, Duration.ofSeconds(1), 3);
    }

    public OutageSettings withCommandTimeout(Duration timeout) {
        return new OutageSettings(timeout, failureRatePercent, slidingWindowCalls, minimumCalls, openFor, probeCalls);
    }

    public OutageSettings withOpenFor(Duration open) {
        return new OutageSettings(commandTimeout, failureRatePercent, slidingWindowCalls, minimumCalls, open, probeCalls);
    }
}
