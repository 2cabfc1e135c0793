package io.stagedoor.ingress.pages;

import io.stagedoor.ingress.http.AdminListener;
import io.stagedoor.ingress.http.EveryListener;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;

/**
 * Serves the pages from the classpath's {@code static/} folder: {@code GET /} the buyer page, {@code GET /ops} the
 * operator page (on the admin listener, beside the metrics and admin routes it reads), {@code GET /static/…} their
 * stylesheets, scripts and icon, each with its content type. Outside every limit but the door: the pages hold no data, they call the API like any client. Responses forbid
 * sniffing and framing, and the pages may load scripts and styles from this origin only.
 */
@Path("/")
public final class PagesResource {

    /** The folder on the classpath the files are read from. */
    public static final String FOLDER = "static/";
    /**
     * Scripts, styles and requests from this origin only; no inline script but a page's own import maps, each
     * allowed by its hash; no framing.
     */
    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; img-src 'self' data:; object-src 'none'; "
            + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    private final StaticFiles files;

    public PagesResource() {
        this(new StaticFiles(PagesResource.class.getClassLoader(), FOLDER));
    }

    PagesResource(StaticFiles files) {
        this.files = files;
    }

    @GET
    public Response buyerPage(@Context Request request) {
        return serve("index.html", request);
    }

    @GET
    @Path("ops")
    @AdminListener
    public Response operatorPage(@Context Request request) {
        return serve("ops.html", request);
    }

    @GET
    @Path("static/{file: .+}")
    @EveryListener
    public Response file(@PathParam("file") String file, @Context Request request) {
        return serve(file, request);
    }

    private Response serve(String name, Request request) {
        StaticFiles.StaticFile file = files.find(name)
                .orElseThrow(() -> ProblemException.of(ProblemType.NOT_FOUND, PagesMessages.noSuchFile(name)));
        EntityTag tag = new EntityTag(file.etag());
        Response.ResponseBuilder unchanged = request.evaluatePreconditions(tag);
        Response.ResponseBuilder answer = unchanged != null ? unchanged
                : Response.ok(file.bytes(), file.mediaType());
        // no-cache: revalidate every time (cheap with the entity tag) so a new build shows at the next load
        return answer.tag(tag)
                .header("Cache-Control", "no-cache")
                .header("X-Content-Type-Options", "nosniff")
                .header("Referrer-Policy", "no-referrer")
                .header("Content-Security-Policy", contentSecurityPolicy(file))
                .build();
    }

    static String contentSecurityPolicy(StaticFiles.StaticFile file) {
        return file.importMapHashes().isEmpty() ? CONTENT_SECURITY_POLICY
                : CONTENT_SECURITY_POLICY + "; script-src 'self' " + String.join(" ", file.importMapHashes());
    }
}
