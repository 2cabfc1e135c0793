package io.stagedoor.bench.herd.http;

import io.stagedoor.bench.load.HttpConnection.HttpAnswer;

/**
 * Buyers whose next requests wait in one queue ordered by due time: a {@link CrowdDriver}'s connections take each
 * when due, send it and hand the answer back; a {@link PhaseMeter} reads the counts at each phase's boundaries.
 * Implementations are thread-safe.
 */
interface Crowd {

    /**
     * Cumulative counts at one moment, and the poll rate the crowd asks for then.
     *
     * @param joins         join requests answered (or failed)
     * @param joined        buyers given a ticket
     * @param polls         polls answered (or failed)
     * @param admitted      buyers told they are admitted
     * @param ended         buyers who stopped without being admitted
     * @param pollDemand    polls a second the waiting buyers ask for if each is served when due: the sum of
     *                      1 / Retry-After over them
     * @param holds         hold requests answered (or failed)
     * @param holdsAccepted holds answered 202: admitted by the ingress and published
     */
    record Counts(long joins, long joined, long polls, long admitted, long ended, double pollDemand, long holds,
                  long holdsAccepted) {

        static final Counts NONE = new Counts(0, 0, 0, 0, 0, 0, 0, 0);

        /** The counts since {@code earlier}; the demand is this moment's. */
        Counts since(Counts earlier) {
            return new Counts(joins - earlier.joins, joined - earlier.joined, polls - earlier.polls,
                    admitted - earlier.admitted, ended - earlier.ended, pollDemand, holds - earlier.holds,
                    holdsAccepted - earlier.holdsAccepted);
        }
    }

    /** The next request due, waiting at most {@code timeoutNanos}; null when none came due. */
    Visit next(long timeoutNanos) throws InterruptedException;

    /** The whole HTTP message of {@code visit}. */
    byte[] request(Visit visit);

    /** What {@code visit} was answered ({@code answer} null when the exchange failed), and the buyer's next step. */
    void answered(Visit visit, HttpAnswer answer, long sentNanos, long doneNanos);

    Counts counts();
}
