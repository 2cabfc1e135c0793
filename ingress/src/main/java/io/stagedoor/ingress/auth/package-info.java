/**
 * Who is calling: buyers with bearer tokens (JWT, verified locally), operators with the admin key, scanners with API
 * keys. The authentication ring ({@code rings.AuthenticationRing}) puts a {@link io.stagedoor.ingress.auth.Caller}
 * on the request for the rings inside it.
 */
package io.stagedoor.ingress.auth;
