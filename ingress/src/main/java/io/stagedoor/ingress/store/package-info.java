/** Small JSON files the ingress reads at start and rewrites atomically: buyer accounts and scanner keys. */
package io.stagedoor.ingress.store;
