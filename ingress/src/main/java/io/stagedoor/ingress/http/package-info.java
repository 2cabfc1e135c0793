/**
 * What every route shares: RFC 9457 problem responses, their types and messages, and bounded JSON bodies.
 */
package io.stagedoor.ingress.http;
