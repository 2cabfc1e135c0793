/**
 * How every Kafka client of Stagedoor reaches the cluster: the bootstrap servers and the client properties (TLS,
 * SASL) read from a file in Kafka's own format, and the check at start that the cluster accepts them.
 */
package io.stagedoor.topics.connection;
