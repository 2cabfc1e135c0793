/**
 * What every route shares: RFC 9457 problem responses, their types and messages, bounded JSON bodies, and the
 * Grizzly listeners (public and admin) the application is served on.
 */
package io.stagedoor.ingress.http;
