/**
 * A Java client for the Stagedoor HTTP API: places holds and checkouts, reads their results with long polls, logs in
 * and waits in the waiting room, honouring every {@code Retry-After} exactly. Start at {@link io.stagedoor.client.StagedoorClient}.
 */
package io.stagedoor.client;
