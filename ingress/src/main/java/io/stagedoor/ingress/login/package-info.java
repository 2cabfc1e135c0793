/**
 * Login: buyer accounts with Argon2id password hashes, and the route that checks two limits before it spends
 * about 100 ms of CPU on a hash.
 */
package io.stagedoor.ingress.login;
