/**
 * The whole pipeline in a JVM of its own, started and stopped by the JVM that drives it (the demo's crowd), so the
 * load and the service it measures do not share a CPU scheduler's queue: the child's main
 * ({@link io.stagedoor.harness.child.PipelineMain}) and the parent's handle on it
 * ({@link io.stagedoor.harness.child.PipelineProcess}).
 */
package io.stagedoor.harness.child;
