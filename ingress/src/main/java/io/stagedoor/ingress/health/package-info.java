/** Liveness and readiness for the load balancer; exempt from every ring. */
package io.stagedoor.ingress.health;
