/**
 * The herd: a simulated on-sale of millions of buyers through the real room code and a real Redis, on a fake
 * clock ({@code bench/run herd}).
 */
package io.stagedoor.bench.herd;
