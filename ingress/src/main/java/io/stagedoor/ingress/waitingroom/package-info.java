/**
 * The waiting room over HTTP: buyers queue and collect passes, the gate asks for a pass on the hold route while an
 * event's room is on, operators change the rate and pause entry, and every step is published for audit.
 */
package io.stagedoor.ingress.waitingroom;
