/**
 * Priority lanes of a waiting room: each lane queues in a room of its own, and the room's entry rate is split among
 * the lanes by their shares, lent by lanes with nobody waiting to those with buyers.
 */
package io.stagedoor.admission.lanes;
