/**
 * Registered presales over HTTP: registration and standing for buyers, the draw and the wait-list for operators, and
 * the access code a join spends while a presale lasts; every step is published on the presale topic.
 */
package io.stagedoor.ingress.presale;
