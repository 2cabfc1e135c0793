/**
 * Correlation ids: unguessable, signed for the principal that made the request, so any ingress instance can tell
 * a pending request from an unknown one without asking the instance that accepted it.
 */
package io.stagedoor.topics.ids;
