package io.stagedoor.bench.overload;

/** A live hold the benchmark may pay for, and the token of the buyer who holds it. */
record PayableHold(String holdId, String buyerToken) {
}
