package io.stagedoor.ingress;

import io.stagedoor.ingress.http.IngressMessages;
import java.time.Duration;

/**
 * How long a publish may wait on the brokers before the route answers 503. Defaults are in
 * {@link IngressSettings.Builder}.
 *
 * @param maxBlock        how long a publish may wait for broker metadata (default 500 ms)
 * @param deliveryTimeout how long a publish may wait for the broker's acknowledgement (default 1,000 ms)
 */
public record ProducerSettings(Duration maxBlock, Duration deliveryTimeout) {

    public ProducerSettings {
        if (deliveryTimeout.toMillis() < 200) {
            throw new IllegalArgumentException(IngressMessages.deliveryTimeoutUnder200Millis(deliveryTimeout));
        }
    }
}
