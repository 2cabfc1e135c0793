/** What the join puzzle costs the ingress to issue and judge, and a buyer (or a farm of accounts) to solve. */
package io.stagedoor.bench.puzzle;
