/**
 * What runs the pipeline for a person or a test rather than in production: the one launcher of the whole pipeline
 * on embedded servers ({@link io.stagedoor.harness.Pipeline}), the demo on-sale and the fault scenarios.
 */
package io.stagedoor.harness;
