package io.stagedoor.ingress.health;

import io.stagedoor.ingress.http.EveryListener;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import java.util.function.BooleanSupplier;

/** {@code /health/live} is always cheap; {@code /health/ready} says whether this instance should get traffic. */
@EveryListener
@Path("/health")
@Produces(MediaType.APPLICATION_JSON)
public final class HealthResource {

    private final BooleanSupplier ready;

    public HealthResource(BooleanSupplier ready) {
        this.ready = ready;
    }

    @GET
    @Path("live")
    public Map<String, String> live() {
        return Map.of("status", "live");
    }

    @GET
    @Path("ready")
    public Response ready() {
        boolean isReady = ready.getAsBoolean();
        return Response.status(isReady ? 200 : 503).entity(Map.of("status", isReady ? "ready" : "not-ready")).build();
    }
}
