/**
 * A price for joining a waiting room: stateless proof-of-work puzzles, signed, bound to one buyer and one event and
 * a short lifetime, verified in microseconds, each solution spendable once.
 */
package io.stagedoor.admission.puzzle;
