/**
 * The checkout route and its bound: at most N outstanding checkouts per instance, each holding its permit until its
 * result arrives through the results topic or a timeout gives it back.
 */
package io.stagedoor.ingress.checkout;
