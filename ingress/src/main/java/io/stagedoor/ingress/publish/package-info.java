/**
 * Publishing accepted work to the topics: acknowledged by every in-sync replica before the caller hears 202, and
 * bounded in how long it may wait for a broker.
 */
package io.stagedoor.ingress.publish;
