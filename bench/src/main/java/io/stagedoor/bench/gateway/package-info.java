/**
 * Stagedoor's ingress beside the gateway a Java team would pick instead (Spring Cloud Gateway with its
 * RedisRateLimiter) and nginx, the physical limit of answering over HTTP: each a process of its own, driven by wrk.
 */
package io.stagedoor.bench.gateway;
