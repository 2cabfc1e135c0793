/**
 * Real servers for development and tests, started from this JVM with no Docker and no download:
 * a single-node KRaft Kafka broker in-process ({@link io.stagedoor.embedded.EmbeddedKafka}), a three-node KRaft cluster
 * in-process for failover tests ({@link io.stagedoor.embedded.EmbeddedKafkaCluster}) and a Redis child process
 * ({@link io.stagedoor.embedded.EmbeddedRedis}), all on 127.0.0.1.
 */
package io.stagedoor.embedded;
