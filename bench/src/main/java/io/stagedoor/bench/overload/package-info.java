/**
 * The overload benchmark (issue 5): checkouts at about ten times the checkout capacity against one ingress with the
 * real workers and the simulated gateway; how fast the shed 503 comes, and whether the accepted checkouts slow down.
 */
package io.stagedoor.bench.overload;
