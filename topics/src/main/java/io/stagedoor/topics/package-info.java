/**
 * The contract between the ingress and the workers: topic names and settings, the versioned JSON records
 * that travel on them, and the headers every record carries.
 */
package io.stagedoor.topics;
