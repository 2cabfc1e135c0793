package io.stagedoor.ingress.openapi;

import io.stagedoor.ingress.http.AdminListener;
import io.stagedoor.ingress.http.IngressMessages;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * {@code GET /openapi.yaml} on the admin listener: the OpenAPI 3.1 document of every public and admin route, the
 * one checked in at {@value #DOCUMENT} under {@code ingress/src/main/resources}, as {@value #MEDIA_TYPE} (RFC 9512).
 * Read once; outside every limit but the door, like the pages.
 */
@AdminListener
@Path("/openapi.yaml")
public final class OpenApiResource {

    /** Where the document is on the classpath. */
    public static final String DOCUMENT = "openapi/stagedoor.yaml";
    /** The media type it is served as. */
    public static final String MEDIA_TYPE = "application/yaml";

    private final byte[] document;

    public OpenApiResource() {
        this.document = read();
    }

    @GET
    @Produces(MEDIA_TYPE)
    public Response document() {
        // no-cache: revalidate, so a client generator never works from the document of an older build
        return Response.ok(document).header("Cache-Control", "no-cache").build();
    }

    /** The document's bytes, as served. */
    public static byte[] read() {
        try (InputStream in = OpenApiResource.class.getClassLoader().getResourceAsStream(DOCUMENT)) {
            if (in == null) {
                throw new IllegalStateException(IngressMessages.apiDocumentMissing(DOCUMENT));
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
