/**
 * Every admit/refuse decision of the front door, with no HTTP and no Kafka. The root holds what every package below
 * shares: the module's messages and the refusal of a cost no bucket can hold; the ingress calls {@code limiter}.
 */
package io.stagedoor.admission;
