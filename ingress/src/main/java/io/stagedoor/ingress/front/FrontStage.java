package io.stagedoor.ingress.front;

import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.RequestTrace;
import io.stagedoor.ingress.metrics.IngressMetrics;
import io.stagedoor.ingress.rings.DoorRing;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.BooleanSupplier;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.RequestExecutorProvider;
import org.glassfish.grizzly.http.server.Response;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Grizzly handler in front of Jersey's container. Health checks are answered where they were parsed
 * ({@link FrontHealth}). Before any other request is given a thread, it passes the door and the routes ahead of
 * Jersey: {@link HoldsAhead} answers a hold it refuses where it stands (on the thread that parsed it, or the one that
 * heard Redis) from a rendered body, and one it admits with 202 on the thread that heard the broker's
 * acknowledgement; {@link CheckoutsAhead} sheds a checkout that finds the checkout bound full. None of those enters
 * Jersey. Every other request is handed to Jersey on a virtual thread of its own.
 *
 * <p>The choice is made in Grizzly's {@link RequestExecutorProvider}: an answer known now runs inline, one that
 * waits for Redis runs when the decision arrives, with no thread waiting for it meanwhile.
 */
public final class FrontStage extends HttpHandler {

    private static final Logger LOG = LoggerFactory.getLogger(FrontStage.class);
    private static final String ANSWER = FrontStage.class.getName() + ".answer";
    private static final String HEALTH = FrontStage.class.getName() + ".health";

    private final HttpHandler jersey;
    private final DoorRing door;
    private final RouteAhead routes;
    private final FrontHealth health;
    private final Executor virtualThreads;
    private final IngressMetrics metrics;

    /** @param ready whether this instance should get traffic, as {@code /health/ready} answers it */
    public FrontStage(HttpHandler jersey, DoorRing door, RouteAhead routes, BooleanSupplier ready,
                      Executor virtualThreads, IngressMetrics metrics) {
        this.jersey = jersey;
        this.metrics = metrics;
        this.door = door;
        this.routes = routes;
        this.health = new FrontHealth(ready);
        this.virtualThreads = virtualThreads;
    }

    @Override
    public RequestExecutorProvider getRequestExecutorProvider() {
        return this::executorFor;
    }

    @Override
    public void service(Request request, Response response) throws Exception {
        if (request.getAttribute(HEALTH) != null) {
            metrics.answeredInFront(DoorRing.route(request.getRequestURI()), health.answer(request, response));
            return;
        }
        if (request.getAttribute(ANSWER) instanceof FrontReply answer) {
            answer.write(response);
            metrics.answeredInFront(DoorRing.route(request.getRequestURI()), answer.status());
            return;
        }
        jersey.service(request, response);
    }

    @Override
    public void start() {
        jersey.start();
    }

    @Override
    public void destroy() {
        jersey.destroy();
    }

    /** Null runs the request inline, now; an executor runs it when and where it says. */
    private Executor executorFor(Request request) {
        if (health.takes(request)) {
            // Exempt from the door as in Jersey's rings, and answered inline: no thread to wait for.
            request.setAttribute(HEALTH, Boolean.TRUE);
            return null;
        }
        RequestTrace.start(request, DoorRing.route(request.getRequestURI()));
        Optional<ProblemException> shed = door.enter(request);
        if (shed.isPresent()) {
            request.setAttribute(ANSWER, FrontReply.refused(shed.get()));
            return null;
        }
        CompletionStage<Optional<FrontReply>> ahead;
        try {
            ahead = routes.ahead(request);
        } catch (RuntimeException bug) {
            LOG.error("the front stage failed on {}; Jersey's rings take the request", request.getRequestURI(), bug);
            return virtualThreads;
        }
        if (ahead == null) {
            return virtualThreads;
        }
        CompletableFuture<Optional<FrontReply>> decided = ahead.toCompletableFuture();
        if (decided.isDone() && !decided.isCompletedExceptionally()) {
            return answerNow(request, decided.join());
        }
        return task -> decided.whenComplete((answer, failure) -> {
            if (failure == null && answerNow(request, answer) == null) {
                task.run();
            } else {
                virtualThreads.execute(task);
            }
        });
    }

    /** Null (inline) for an answer of the front's own, attached; Jersey's threads for a request Jersey answers. */
    private Executor answerNow(Request request, Optional<FrontReply> answer) {
        if (answer.isEmpty()) {
            return virtualThreads;
        }
        request.setAttribute(ANSWER, answer.get());
        return null;
    }
}
