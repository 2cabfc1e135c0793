/**
 * Results for pollers: a bounded, time-windowed view of the results topic in every instance, and the route that
 * answers, waits (long poll) or says gone.
 */
package io.stagedoor.ingress.results;
