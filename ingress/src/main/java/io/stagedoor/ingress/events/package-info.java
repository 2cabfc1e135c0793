/**
 * Events as buyers see them: the catalog read from the events topic, the seat map's status read from the
 * seat-changes topic, and the operator route that defines an event.
 */
package io.stagedoor.ingress.events;
