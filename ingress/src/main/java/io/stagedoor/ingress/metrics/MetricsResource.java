package io.stagedoor.ingress.metrics;

import io.stagedoor.ingress.http.AdminListener;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;

/** {@code GET /metrics}: every meter in Prometheus text format, or OpenMetrics when asked. Exempt from the rings. */
@AdminListener
@Path("/metrics")
public final class MetricsResource {

    private final PrometheusMeterRegistry registry;

    public MetricsResource(PrometheusMeterRegistry registry) {
        this.registry = registry;
    }

    /** OpenMetrics (with the histograms' exemplars) when {@code Accept} names it, else Prometheus text. */
    @GET
    @Produces({TraceExemplars.PROMETHEUS_TEXT, TraceExemplars.OPENMETRICS})
    public Response scrape(@HeaderParam(HttpHeaders.ACCEPT) String accept) {
        String type = TraceExemplars.contentType(accept);
        return Response.ok(registry.scrape(type), type).build();
    }
}
