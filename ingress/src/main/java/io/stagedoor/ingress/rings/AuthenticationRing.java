package io.stagedoor.ingress.rings;

import io.stagedoor.ingress.auth.ApiKeys;
import io.stagedoor.ingress.auth.Authenticated;
import io.stagedoor.ingress.auth.BuyerTokens;
import io.stagedoor.ingress.auth.Caller;
import io.stagedoor.ingress.auth.Role;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.http.Problem;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import jakarta.annotation.Priority;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.SecurityContext;
import java.security.MessageDigest;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The authentication ring: on every method marked {@link Authenticated}, proves the caller with the credential of
 * an allowed role and puts the {@link Caller} on the request's security context. Missing, forged or expired
 * credentials are a 401 problem with {@code WWW-Authenticate}; no ring inside this one runs for them.
 */
public final class AuthenticationRing implements DynamicFeature {

    /** The header that carries the operator key. */
    public static final String ADMIN_KEY_HEADER = "X-Admin-Key";
    /** The header that carries a scanner's API key. */
    public static final String API_KEY_HEADER = "X-Api-Key";
    /** The request property of a caller the front stage proved already, before Jersey. */
    public static final String PROVEN = AuthenticationRing.class.getName() + ".proven";

    private final BuyerTokens tokens;
    private final ApiKeys apiKeys;
    private final byte[] adminKey;

    public AuthenticationRing(BuyerTokens tokens, ApiKeys apiKeys, String adminKey) {
        this.tokens = tokens;
        this.apiKeys = apiKeys;
        this.adminKey = adminKey.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void configure(ResourceInfo resource, FeatureContext context) {
        Authenticated marked = resource.getResourceMethod().getAnnotation(Authenticated.class);
        if (marked == null) {
            marked = resource.getResourceClass().getAnnotation(Authenticated.class);
        }
        if (marked != null) {
            context.register(new Filter(List.of(marked.value())), RingOrder.AUTHENTICATION);
        }
    }

    /** The buyer an {@code Authorization} header's bearer token proves; empty for none, forged or expired. */
    public static Optional<Caller> buyer(BuyerTokens tokens, String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return Optional.empty();
        }
        return tokens.verify(authorization.substring(7).trim()).map(Caller::buyer);
    }

    /** The caller a request was authenticated as; only valid on methods marked {@link Authenticated}. */
    public static Caller caller(SecurityContext security) {
        return (Caller) security.getUserPrincipal();
    }

    @Priority(RingOrder.AUTHENTICATION)
    private final class Filter implements ContainerRequestFilter {
        private final List<Role> roles;

        Filter(List<Role> roles) {
            this.roles = roles;
        }

        @Override
        public void filter(ContainerRequestContext request) {
            Optional<Caller> caller = request.getProperty(PROVEN) instanceof Caller proven
                    && roles.contains(proven.role()) ? Optional.of(proven) : Optional.empty();
            if (caller.isEmpty() && roles.contains(Role.OPERATOR)) {
                caller = operator(request);
            }
            if (caller.isEmpty() && roles.contains(Role.SCANNER)) {
                caller = apiKeys.verify(request.getHeaderString(API_KEY_HEADER));
            }
            if (caller.isEmpty() && roles.contains(Role.BUYER)) {
                caller = buyer(request);
            }
            Caller proven = caller.orElseThrow(() -> unauthenticated(roles,
                    request.getHeaderString(HttpHeaders.AUTHORIZATION) != null));
            SecurityContext original = request.getSecurityContext();
            request.setSecurityContext(new CallerContext(proven, original.isSecure()));
        }

        private Optional<Caller> buyer(ContainerRequestContext request) {
            return AuthenticationRing.buyer(tokens, request.getHeaderString(HttpHeaders.AUTHORIZATION));
        }

        private Optional<Caller> operator(ContainerRequestContext request) {
            String key = request.getHeaderString(ADMIN_KEY_HEADER);
            if (key == null || !MessageDigest.isEqual(key.getBytes(StandardCharsets.UTF_8), adminKey)) {
                return Optional.empty();
            }
            return Optional.of(Caller.operator());
        }
    }

    /**
     * The 401 of a route open to {@code roles} when no credential proved the caller, with the challenge of the route's
     * credential; {@code presented} tells a forged or expired bearer token from a missing one.
     */
    public static ProblemException unauthenticated(List<Role> roles, boolean presented) {
        boolean buyerRoute = roles.contains(Role.BUYER);
        boolean scannerRoute = roles.contains(Role.SCANNER);
        String detail = scannerRoute ? IngressMessages.BAD_API_KEY
                : !buyerRoute ? IngressMessages.MISSING_ADMIN_KEY
                : presented ? IngressMessages.FORGED_TOKEN : IngressMessages.MISSING_TOKEN;
        String challenge = scannerRoute ? "ApiKey realm=\"stagedoor-scanners\""
                : buyerRoute
                ? (presented ? "Bearer realm=\"stagedoor\", error=\"invalid_token\"" : "Bearer realm=\"stagedoor\"")
                : "AdminKey realm=\"stagedoor-admin\"";
        return new ProblemException(Problem.of(ProblemType.UNAUTHENTICATED, detail),
                Map.of(HttpHeaders.WWW_AUTHENTICATE, challenge));
    }

    private record CallerContext(Caller caller, boolean secure) implements SecurityContext {
        @Override
        public Principal getUserPrincipal() {
            return caller;
        }

        @Override
        public boolean isUserInRole(String role) {
            return Arrays.stream(Role.values()).anyMatch(r -> r.name().equals(role) && r == caller.role());
        }

        @Override
        public boolean isSecure() {
            return secure;
        }

        @Override
        public String getAuthenticationScheme() {
            return switch (caller.role()) {
                case BUYER -> "Bearer";
                case SCANNER -> "ApiKey";
                case OPERATOR -> "AdminKey";
            };
        }
    }
}
