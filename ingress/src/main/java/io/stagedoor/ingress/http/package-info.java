/**
 * What every route shares: RFC 9457 problem responses, their types and messages, bounded JSON bodies, and the
 * listener (public or admin) a resource declares it is served on.
 */
package io.stagedoor.ingress.http;
