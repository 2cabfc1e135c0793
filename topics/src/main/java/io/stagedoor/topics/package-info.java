/**
 * The contract between the ingress and the workers: topic names and settings, the versioned JSON records
 * that travel on them, the headers every record carries and the payment key a checkout is charged under.
 */
package io.stagedoor.topics;
