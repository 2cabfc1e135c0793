package io.stagedoor.ingress.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.ingress.http.AdminListener;
import io.stagedoor.ingress.http.EveryListener;
import io.stagedoor.ingress.http.Problem;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.http.Problems;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import jakarta.ws.rs.Path;
import java.lang.reflect.AnnotatedElement;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.model.Resource;
import org.glassfish.jersey.server.model.ResourceMethod;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The checked-in document against the code: it is a valid OpenAPI 3.1 document, it describes exactly the routes the
 * application serves (Jersey's resource model; the front stage answers only requests of those routes), each on the
 * listener that serves it, and every problem type the code can answer. Its fit to real answers is OpenApiIT's.
 */
class OpenApiDocumentTest {

    private static final String PUBLIC = "http://localhost:8080";
    private static final String ADMIN = "http://127.0.0.1:8081";
    private static final OpenApiDocument DOCUMENT = OpenApiDocument.served();

    @Test
    void isAValidOpenApi31Document() {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        SwaggerParseResult parsed = new OpenAPIV3Parser().readContents(
                new String(OpenApiResource.read(), StandardCharsets.UTF_8), null, options);

        assertThat(parsed.getMessages()).isEmpty();
        assertThat(parsed.getOpenAPI().getOpenapi()).isEqualTo("3.1.0");
        assertThat(parsed.getOpenAPI().getSpecVersion()).hasToString("V31");
    }

    @Test
    void describesEveryRouteTheApplicationServesAndNoOther() {
        assertThat(DOCUMENT.routes()).containsExactlyInAnyOrderElementsOf(served().keySet());
    }

    @Test
    void describesEachRouteOnTheListenerThatServesIt() {
        Map<String, String> expected = new TreeMap<>();
        Map<String, String> described = new TreeMap<>();
        served().forEach((route, listener) -> {
            String path = route.substring(route.indexOf(' ') + 1);
            expected.put(route, listener);
            List<String> servers = DOCUMENT.servers(path);
            described.put(route, servers.equals(List.of(ADMIN)) ? "admin"
                    : servers.equals(List.of(PUBLIC)) ? "public"
                    : servers.equals(List.of(PUBLIC, ADMIN)) ? "every" : servers.toString());
        });
        assertThat(described).isEqualTo(expected);
    }

    @Test
    void namesEveryProblemTypeAndNoOther() {
        Set<String> named = new TreeSet<>();
        DOCUMENT.tree().at("/components/schemas/Problem/properties/type/enum").forEach(uri -> named.add(uri.asString()));

        Set<String> types = new TreeSet<>();
        for (ProblemType type : ProblemType.values()) {
            types.add(type.uri().toString());
        }
        assertThat(named).isEqualTo(types);
    }

    @ParameterizedTest
    @EnumSource(ProblemType.class)
    void everyProblemAsRenderedFitsTheProblemSchema(ProblemType type) {
        Problem problem = Problem.of(type, "what was wrong").at("/v1/somewhere").withPolicy("buyer-seats")
                .withRetryAfter(3);

        assertThat(DOCUMENT.violationsOf("Problem", new String(Problems.rendered(problem), StandardCharsets.UTF_8)))
                .isEmpty();
        assertThat(DOCUMENT.violationsOf("Problem", "{\"type\":\"https://stagedoor.io/problems/made-up\",\"title\":\"t\","
                + "\"status\":400,\"detail\":\"d\"}")).isNotEmpty();
    }

    /**
     * Every route of the resource classes Jersey would find in the ingress's own code, as {@code "GET /path"}, with
     * the listener it is served on ({@link io.stagedoor.ingress.rings.ListenerRing}'s rule: the method's mark, else
     * its class's, else public).
     */
    private static Map<String, String> served() {
        Map<String, String> routes = new TreeMap<>();
        for (Class<?> type : new ResourceConfig().packages(true, "io.stagedoor.ingress").getClasses()) {
            if (!type.isAnnotationPresent(Path.class) || !fromMainCode(type)) {
                continue;
            }
            Resource resource = Resource.from(type);
            List<Resource> resources = new ArrayList<>(List.of(resource));
            resources.addAll(resource.getChildResources());
            for (Resource each : resources) {
                String path = template(each == resource ? resource.getPath() : resource.getPath() + "/" + each.getPath());
                for (ResourceMethod method : each.getResourceMethods()) {
                    routes.put(method.getHttpMethod() + " " + path,
                            listener(method.getInvocable().getHandlingMethod(), type));
                }
            }
        }
        return routes;
    }

    private static boolean fromMainCode(Class<?> type) {
        return !type.getProtectionDomain().getCodeSource().getLocation().getPath().contains("test-classes");
    }

    /** Jersey's path as OpenAPI writes it: one leading slash, none doubled or trailing, variables without regex. */
    private static String template(String jersey) {
        String path = ("/" + jersey).replaceAll("/+", "/").replaceAll("\\{\\s*([^:}\\s]+)\\s*(:[^}]*)?}", "{$1}");
        return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }

    private static String listener(AnnotatedElement method, AnnotatedElement type) {
        for (AnnotatedElement element : new AnnotatedElement[] {method, type}) {
            if (element.isAnnotationPresent(AdminListener.class)) {
                return "admin";
            }
            if (element.isAnnotationPresent(EveryListener.class)) {
                return "every";
            }
        }
        return "public";
    }
}
