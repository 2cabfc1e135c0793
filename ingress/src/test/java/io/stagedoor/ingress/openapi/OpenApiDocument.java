package io.stagedoor.ingress.openapi;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.dialect.Dialects;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The checked-in OpenAPI document, read as a client would, and what a real answer breaks of it. The routing of an
 * answer to its description is the document's own (path template, method, status, media type); every schema, of a
 * body or of a header's value, is judged by a maintained JSON Schema 2020-12 validator in the OpenAPI 3.1 dialect
 * (networknt), so our code decides only where to look, never whether a value fits.
 */
public final class OpenApiDocument {

    /** The document's own address: its local references are resolved against it, in this very tree. */
    private static final String BASE = "https://stagedoor.io/openapi/";
    private static final String ADDRESS = BASE + "stagedoor.json";
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final JsonNode root;
    private final SchemaRegistry schemas;
    private final AtomicInteger inline = new AtomicInteger();

    private OpenApiDocument(JsonNode root) {
        this.root = root;
        this.schemas = SchemaRegistry.withDialect(Dialects.getOpenApi31(), builder -> builder
                .schemaRegistryConfig(SchemaRegistryConfig.builder().formatAssertionsEnabled(true).build())
                .schemas(Map.of(ADDRESS, JSON.writeValueAsString(root))));
    }

    /** The document as the admin listener serves it. */
    public static OpenApiDocument served() {
        return of(new String(OpenApiResource.read(), java.nio.charset.StandardCharsets.UTF_8));
    }

    /** A document given as YAML (a broken copy, in the test that proves a mismatch is caught). */
    public static OpenApiDocument of(String yaml) {
        return new OpenApiDocument(YAMLMapper.builder().build().readTree(yaml));
    }

    /** The raw tree. */
    public JsonNode tree() {
        return root;
    }

    /** Every route the document describes, as {@code "GET /v1/events/{eventId}"}. */
    public Set<String> routes() {
        Set<String> routes = new TreeSet<>();
        root.get("paths").properties().forEach(path -> path.getValue().propertyNames().stream()
                .filter(METHODS::contains)
                .forEach(method -> routes.add(method.toUpperCase(Locale.ROOT) + " " + path.getKey())));
        return routes;
    }

    /** The servers a path is served on, its own or else the document's; none for a path it does not describe. */
    public List<String> servers(String path) {
        JsonNode item = root.get("paths").get(path);
        if (item == null) {
            return List.of();
        }
        JsonNode servers = item.get("servers");
        List<String> urls = new ArrayList<>();
        (servers == null ? root.get("servers") : servers).forEach(server -> urls.add(server.get("url").asString()));
        return urls;
    }

    /**
     * What {@code answer} to {@code method} {@code path} breaks of the document: an undescribed route or status, a
     * media type it does not name, a required header missing, a header or body its schema refuses. Empty when it fits.
     */
    public List<String> violations(String method, String path, HttpResponse<String> answer) {
        List<String> found = new ArrayList<>();
        String where = method + " " + path + " → " + answer.statusCode();
        Optional<String> template = template(path);
        if (template.isEmpty()) {
            return List.of(where + ": no path of the document matches");
        }
        JsonNode operation = root.get("paths").get(template.get()).get(method.toLowerCase(Locale.ROOT));
        if (operation == null) {
            return List.of(where + ": " + template.get() + " has no " + method);
        }
        JsonNode responses = operation.get("responses");
        JsonNode response = responses.get(String.valueOf(answer.statusCode()));
        if (response == null) {
            response = responses.get("default");
        }
        if (response == null) {
            return List.of(where + ": the status is not described");
        }
        response = resolved(response);
        JsonNode headers = response.get("headers");
        if (headers != null) {
            for (Map.Entry<String, JsonNode> header : headers.properties()) {
                JsonNode described = resolved(header.getValue());
                Optional<String> value = answer.headers().firstValue(header.getKey());
                if (value.isEmpty()) {
                    if (described.path("required").asBoolean(false)) {
                        found.add(where + ": the required header " + header.getKey() + " is missing");
                    }
                    continue;
                }
                JsonNode schema = described.get("schema");
                JsonNode instance = "integer".equals(schema.path("type").asString(""))
                        ? integer(value.get()) : JsonNodeFactory.instance.stringNode(value.get());
                errors(schema, instance).forEach(e -> found.add(where + ": header " + header.getKey() + " "
                        + value.get() + ": " + e));
            }
        }
        found.addAll(bodyViolations(where, response.get("content"), answer));
        return found;
    }

    /** What {@code body} breaks of the named component schema ({@code Problem}). */
    public List<String> violationsOf(String component, String body) {
        return errors(JSON.readTree("{\"$ref\":\"#/components/schemas/" + component + "\"}"), JSON.readTree(body));
    }

    private List<String> bodyViolations(String where, JsonNode content, HttpResponse<String> answer) {
        Optional<String> type = answer.headers().firstValue("Content-Type");
        if (content == null || content.isEmpty()) {
            return answer.body().isEmpty() ? List.of() : List.of(where + ": a body where none is described");
        }
        if (type.isEmpty()) {
            return List.of(where + ": no Content-Type, the document names " + content.propertyNames());
        }
        Optional<String> named = content.propertyNames().stream().filter(key -> sameMediaType(key, type.get())).findFirst();
        if (named.isEmpty()) {
            return List.of(where + ": Content-Type " + type.get() + " is not among " + content.propertyNames());
        }
        JsonNode schema = content.get(named.get()).get("schema");
        if (schema == null) {
            return List.of();
        }
        String essence = essence(named.get());
        JsonNode instance = essence.equals("application/json") || essence.endsWith("+json")
                ? JSON.readTree(answer.body()) : JsonNodeFactory.instance.stringNode(answer.body());
        return errors(schema, instance).stream().map(e -> where + ": body: " + e).toList();
    }

    /**
     * Equal media types: the same type and subtype, and the same parameters, in any order, where the document names
     * any.
     */
    private static boolean sameMediaType(String described, String sent) {
        if (!essence(described).equals(essence(sent))) {
            return false;
        }
        return !described.contains(";") || parameters(described).equals(parameters(sent));
    }

    private static Set<String> parameters(String mediaType) {
        Set<String> parameters = new TreeSet<>();
        String[] parts = mediaType.replace(" ", "").toLowerCase(Locale.ROOT).split(";");
        parameters.addAll(Arrays.asList(parts).subList(1, parts.length));
        return parameters;
    }

    private static String essence(String mediaType) {
        int semicolon = mediaType.indexOf(';');
        return (semicolon < 0 ? mediaType : mediaType.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
    }

    private static JsonNode integer(String value) {
        try {
            return JsonNodeFactory.instance.numberNode(Long.parseLong(value.trim()));
        } catch (NumberFormatException notANumber) {
            return JsonNodeFactory.instance.stringNode(value);
        }
    }

    /**
     * The validator's findings for {@code instance} against a schema of the document. A schema written inline is
     * given its own address, with its local references made absolute, so they still point into the document.
     */
    private List<String> errors(JsonNode schema, JsonNode instance) {
        JsonNode absolute = absoluteReferences(schema.deepCopy());
        Schema compiled = schemas.getSchema(SchemaLocation.of(BASE + "inline-" + inline.incrementAndGet()), absolute);
        return compiled.validate(instance).stream().map(Error::toString).toList();
    }

    private static JsonNode absoluteReferences(JsonNode node) {
        if (node instanceof ObjectNode object) {
            JsonNode ref = object.get("$ref");
            if (ref != null && ref.isString() && ref.asString().startsWith("#")) {
                object.put("$ref", ADDRESS + ref.asString());
            }
        }
        for (Iterator<JsonNode> children = node.values().iterator(); children.hasNext(); ) {
            absoluteReferences(children.next());
        }
        return node;
    }

    /** A response or header object, its {@code $ref} to the components followed. */
    private JsonNode resolved(JsonNode node) {
        JsonNode current = node;
        while (current.has("$ref")) {
            current = root.at(current.get("$ref").asString().substring(1));
        }
        return current;
    }

    /**
     * The document's path template that matches {@code path}: each variable one segment; where none matches so, a variable may
     * span segments ({@code /static/{file}} for {@code /static/js/api.js}).
     */
    public Optional<String> template(String path) {
        for (String segment : new String[] {"[^/]+", ".+"}) {
            for (String template : root.get("paths").propertyNames()) {
                String regex = Pattern.quote(template).replaceAll("\\{[^}]+}", "\\\\E" + segment + "\\\\Q");
                if (path.matches(regex)) {
                    return Optional.of(template);
                }
            }
        }
        return Optional.empty();
    }
}
