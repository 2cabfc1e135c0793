/**
 * What runs the pipeline for a person, a benchmark or a test rather than in production: the one launcher of the
 * pipeline, whole or in {@linkplain io.stagedoor.harness.Pipeline.Part parts} ({@link io.stagedoor.harness.Pipeline}),
 * and the same pipeline in a child JVM ({@code .child}), read from outside through its {@code /metrics}
 * ({@code .scrape}); the load driver ({@code .load}), the demo on-sale ({@code .demo}, whose crowd runs apart from
 * its pipeline) and the fault scenarios ({@code .chaos}, which start the parts as processes of their own). Two test fixtures start pieces of the pipeline without it, because
 * they live in modules below this one: the workers' {@code TestPipeline} and the ingress's {@code IngressFixture}.
 */
package io.stagedoor.harness;
