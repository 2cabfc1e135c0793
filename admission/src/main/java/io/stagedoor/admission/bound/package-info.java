/**
 * Concurrency bounds: how much work an instance takes on at once. A permit is taken without waiting or refused at
 * once; there is never a queue behind a bound.
 */
package io.stagedoor.admission.bound;
