package io.stagedoor.cli.pages;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.ingress.http.HttpJson;
import io.stagedoor.ingress.http.ProblemMappers;
import io.stagedoor.ingress.pages.PagesResource;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpServerFactory;
import org.glassfish.jersey.jackson.JacksonFeature;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The pages route on a server of its own beside another resource, the way the ingress registers it: each page and
 * file with its content type, revalidation by entity tag, the API routes still reached, and no way out of the
 * {@code static/} folder.
 */
class PagesResourceTest {

    private static HttpServer server;
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    /** Stands for the API: the root resource must not shadow it. */
    @Path("/v1/stub")
    public static final class Stub {
        @GET
        public String get() {
            return "stub";
        }
    }

    @BeforeAll
    static void start() throws IOException {
        ResourceConfig config = new ResourceConfig()
                .register(JacksonFeature.withoutExceptionMappers())
                .register(new HttpJson())
                .register(new ProblemMappers.Raised())
                .register(new ProblemMappers.Framework())
                .register(new ProblemMappers.Unexpected())
                .register(new Stub())
                .register(new PagesResource());
        server = GrizzlyHttpServerFactory.createHttpServer(URI.create("http://127.0.0.1:0/"), config, false);
        server.start();
    }

    @AfterAll
    static void stop() {
        server.shutdownNow();
    }

    @ParameterizedTest
    @CsvSource({
            "/,                         text/html;charset=utf-8,        Stagedoor tickets",
            "/ops,                      text/html;charset=utf-8,        Stagedoor operations",
            "/static/css/stagedoor.css, text/css;charset=utf-8,         --accent",
            "/static/js/api.js,         text/javascript;charset=utf-8,  Retry-After",
            "/static/js/buyer/app.js,   text/javascript;charset=utf-8,  import",
            "/static/js/ops/chart.js,   text/javascript;charset=utf-8,  svg",
            "/static/icon.svg,          image/svg+xml,                  <svg",
            "/static/js/client/index.js, text/javascript;charset=utf-8, StagedoorClient",
            "/static/vendor/structured-headers/index.js, text/javascript;charset=utf-8, parser.js"})
    void servesEachPageAndFileWithItsContentType(String path, String type, String contains) throws Exception {
        HttpResponse<String> response = get(path, null);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type").map(value -> value.replace(" ", "").toLowerCase(Locale.ROOT)))
                .contains(type);
        assertThat(response.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
        assertThat(response.headers().firstValue("Content-Security-Policy")).get().asString().contains("default-src 'self'");
        assertThat(response.body()).contains(contains);
    }

    /** Browsers take import maps inline only; CSP runs one only when its hash is listed, so the page must carry it. */
    @Test
    void theBuyerPageAllowsItsImportMapByItsHashAndNoOtherInlineScript() throws Exception {
        HttpResponse<String> page = get("/", null);
        java.util.regex.Matcher map = java.util.regex.Pattern
                .compile("<script type=\"importmap\">(.*?)</script>", java.util.regex.Pattern.DOTALL).matcher(page.body());
        assertThat(map.find()).as("the buyer page has an import map").isTrue();
        String hash = java.util.Base64.getEncoder().encodeToString(java.security.MessageDigest.getInstance("SHA-256")
                .digest(map.group(1).getBytes(StandardCharsets.UTF_8)));
        String policy = page.headers().firstValue("Content-Security-Policy").orElseThrow();
        assertThat(policy).contains("script-src 'self' 'sha256-" + hash + "'").doesNotContain("unsafe-inline");
        assertThat(get("/static/js/api.js", null).headers().firstValue("Content-Security-Policy").orElseThrow())
                .doesNotContain("script-src");
    }

    @Test
    void anUnchangedFileIsRevalidatedWithItsEntityTag() throws Exception {
        HttpResponse<String> first = get("/static/js/api.js", null);
        String tag = first.headers().firstValue("ETag").orElseThrow();
        HttpResponse<String> again = get("/static/js/api.js", tag);
        assertThat(again.statusCode()).isEqualTo(304);
        assertThat(again.body()).isEmpty();
    }

    @Test
    void theApiBesideThePagesIsStillReached() throws Exception {
        assertThat(get("/v1/stub", null).body()).isEqualTo("stub");
        assertThat(get("/v1/nothing-here", null).statusCode()).isEqualTo(404);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "/static/%2e%2e/static/index.html",
            "/static/%2E%2E%2F%2E%2E%2Fio/stagedoor/ingress/pages/PagesResource.class",
            "/static/js/%2e%2e/%2e%2e/logback.xml",
            "/static/..%5c..%5cMETA-INF/MANIFEST.MF",
            "/static/%252e%252e/index.html",
            "/static//etc/passwd",
            "/static/index.html%00.js",
            "/static/js/API.JS",
            "/static/nothing.js",
            "/static/io/stagedoor/ingress/pages/PagesResource.class",
            "/static/META-INF/MANIFEST.MF"})
    void nothingOutsideTheStaticFolderNorOfAnUnknownTypeIsServed(String path) throws Exception {
        String answer = raw(path);
        assertThat(answer).startsWith("HTTP/1.1 404").contains("application/problem+json");
    }

    @Test
    void aLiteralDotDotIsNotFollowedOutOfTheFolder() throws Exception {
        // sent on a socket, since HTTP clients remove dot segments before sending
        assertThat(raw("/static/../static/index.html")).doesNotStartWith("HTTP/1.1 200");
        assertThat(raw("/static/js/../../../io/stagedoor/ingress/Ingress.class")).doesNotStartWith("HTTP/1.1 200");
    }

    private static HttpResponse<String> get(String path, String ifNoneMatch) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base() + path));
        if (ifNoneMatch != null) {
            request.header("If-None-Match", ifNoneMatch);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The raw response head to a request line sent as written, without a client normalizing the path. */
    private static String raw(String path) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port())) {
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static int port() {
        return server.getListeners().iterator().next().getPort();
    }

    private static String base() {
        return "http://127.0.0.1:" + port();
    }
}
