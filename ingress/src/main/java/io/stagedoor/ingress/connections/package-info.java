/**
 * What the listeners hold open: caps on open connections per source address and in all, refused at accept, and a
 * bound on each connection's age that no trickle of requests or header bytes extends.
 */
package io.stagedoor.ingress.connections;
