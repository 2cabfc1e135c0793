package io.stagedoor.ingress.waitingroom;

import io.stagedoor.admission.fallback.GuardedCalls;
import io.stagedoor.admission.puzzle.JoinPuzzles;
import io.stagedoor.admission.puzzle.PuzzleChallenge;
import io.stagedoor.ingress.http.Problem;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.http.Problems;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.JoinPuzzleSettings;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The price of joining a room that asks for one ({@link JoinPuzzleSettings}): issues a buyer's puzzle for the event,
 * at the difficulty this instance's pace of joins asks, and spends the solution a join presents before the room is
 * asked anything. A join refused for its puzzle costs the room nothing; a join that then gets no place gives its
 * solution back.
 */
final class JoinPuzzleGate {

    private final JoinPuzzles puzzles;

    JoinPuzzleGate(JoinPuzzles puzzles) {
        this.puzzles = puzzles;
    }

    /** A fresh puzzle for {@code buyerId}; 404 when {@code event}'s room asks for none. */
    Challenge issue(EventDefinition event, String buyerId) {
        JoinPuzzleSettings settings = event.waitingRoom().joinPuzzle();
        if (settings == null || !event.waitingRoom().enabled()) {
            throw ProblemException.of(ProblemType.NOT_FOUND, WaitingRoomMessages.noPuzzle(event.eventId()));
        }
        int difficulty = settings.difficultyAt(puzzles.joinsPerSecond(event.eventId()));
        PuzzleChallenge challenge = puzzles.issue(event.eventId(), buyerId, difficulty, settings.lifetime());
        return new Challenge(challenge.token(), challenge.difficulty(), Instant.ofEpochMilli(challenge.expiresAtMillis()),
                WaitingRoomFeature.PUZZLE_HEADER);
    }

    /**
     * Spends {@code presented} for {@code buyerId}'s join: the spent challenge when the join may go on (null for a room
     * that asks for no puzzle), else the problem it is refused with (428 without a solution, 403 with one that is not
     * good, 503 when the shared store could not say, nothing spent).
     */
    CompletionStage<Spent> spend(EventDefinition event, String buyerId, String presented) {
        if (event.waitingRoom().joinPuzzle() == null) {
            return CompletableFuture.completedFuture(new Spent(null, null));
        }
        String at = "/v1/events/" + event.eventId() + "/queue";
        return puzzles.spend(presented, event.eventId(), buyerId).handle((judged, error) -> {
            if (error != null) {
                return new Spent(null, GuardedCalls.shed(error) ? Problems.overloadedProblem()
                        : Problem.of(ProblemType.SERVICE_UNAVAILABLE, WaitingRoomMessages.roomUnavailable())
                                .withRetryAfter(1));
            }
            return switch (judged.verdict()) {
                case SOLVED -> new Spent(judged.challenge(), null);
                case MISSING -> new Spent(null, Problem.of(ProblemType.PUZZLE_REQUIRED,
                        WaitingRoomMessages.puzzleRequired(event.eventId())).at(at));
                default -> new Spent(null, Problem.of(ProblemType.PUZZLE_REFUSED,
                        WaitingRoomMessages.puzzleRefused(judged.verdict(), event.eventId())).at(at));
            };
        });
    }

    /** Gives back the solution of a join that got no place (the room refused it, or this instance shed it). */
    void giveBack(PuzzleChallenge spent) {
        if (spent != null) {
            puzzles.giveBack(spent);
        }
    }

    /** The body of {@code GET …/queue/puzzle}: what to solve, how hard, until when, and the header to send it in. */
    record Challenge(String challenge, int difficulty, Instant expiresAt, String header) {
    }

    /** A join's puzzle outcome: the challenge it spent, or the problem it is refused with. */
    record Spent(PuzzleChallenge challenge, Problem refused) {
    }
}
