/**
 * Reading a topic back by time: every partition from one instant to another, committed records only, with no
 * consumer group, so an audit or a replay never moves anybody's offsets.
 */
package io.stagedoor.topics.replay;
