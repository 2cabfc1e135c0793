/**
 * A real Redis and a real Kafka for tests, shared by every test in a JVM: from the environment, from
 * Testcontainers when Docker answers, else embedded. Tests isolate themselves with {@link io.stagedoor.testsupport.TestNames}.
 */
package io.stagedoor.testsupport;
