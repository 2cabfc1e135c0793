/**
 * Ticket scans at the gate: scanner phones with API keys check a ticket once. The answer is synchronous: the ticket
 * book comes from the seat-changes topic, the first scan wins in Redis.
 */
package io.stagedoor.ingress.scans;
