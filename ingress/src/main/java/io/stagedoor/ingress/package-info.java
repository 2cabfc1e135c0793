/**
 * The HTTP front door: Jersey resources, the rings as filters, problem responses, publishing to the topics
 * and the views that read them back. {@link io.stagedoor.ingress.Ingress} starts one instance.
 */
package io.stagedoor.ingress;
