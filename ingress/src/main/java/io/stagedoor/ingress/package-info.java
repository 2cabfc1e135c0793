/**
 * The HTTP front door, wired: {@link io.stagedoor.ingress.Ingress} starts one instance from its settings on its two
 * listeners, with the rings every route shares and each route's feature from the packages below.
 */
package io.stagedoor.ingress;
