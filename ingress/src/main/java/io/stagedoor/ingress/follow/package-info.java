/**
 * Reading topics back into memory: every ingress instance follows the events, seat-changes and results topics
 * on its own (no consumer group), so any instance can answer any request; {@link io.stagedoor.ingress.follow.TopicViews}
 * holds the views they feed.
 */
package io.stagedoor.ingress.follow;
