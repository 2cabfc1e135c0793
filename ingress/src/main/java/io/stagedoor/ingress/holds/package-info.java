/**
 * The hold route: validates a buyer's request for seats against the event's seat map and publishes it for the
 * inventory, answering 202 with where to poll for the result.
 */
package io.stagedoor.ingress.holds;
