/**
 * Reading topics back into memory: every ingress instance follows the events, seat-changes and results topics
 * on its own (no consumer group), so any instance can answer any request.
 */
package io.stagedoor.ingress.follow;
