/**
 * The waiting room: fair entry to an on-sale at a set rate. Buyers join a queue shared by every instance (in Redis,
 * one script call per operation), are admitted in position order, and receive a signed pass the hold route checks.
 */
package io.stagedoor.admission.waitingroom;
