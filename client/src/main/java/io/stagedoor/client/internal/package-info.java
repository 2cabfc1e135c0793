/**
 * The client's machinery: the retry loop, long polls, request building and JSON. Not API: callers use
 * {@link io.stagedoor.client.StagedoorClient} and the answer records beside it.
 */
package io.stagedoor.client.internal;
