package io.stagedoor.admission.redis;

import io.lettuce.core.RedisURI;
import io.stagedoor.admission.AdmissionMessages;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Where a deployment's Redis is: one URI, or the seed nodes of a Redis Cluster. The URI is Lettuce's syntax:
 * {@code redis://[user:password@]host:port} (an ACL user), {@code rediss://…} (TLS), or
 * {@code redis-sentinel://[password@]host:port[,host:port]/0#primary-name} (a primary found through Sentinel).
 * A cluster node is {@code host:port} or a full {@code redis://}/{@code rediss://} URI; a bare {@code host:port}
 * takes the scheme and credentials of the first full URI in the list, so TLS and an ACL user are given once.
 * {@link #toString()} masks every password: log and print nothing else.
 *
 * @param uri          the single URI, or null for a cluster
 * @param clusterNodes the cluster's seed nodes, empty for a single URI
 */
public record RedisEndpoint(String uri, List<String> clusterNodes) {

    private static final String MASK = "***";

    public RedisEndpoint {
        clusterNodes = clusterNodes == null ? List.of() : clusterNodes.stream().map(String::strip)
                .filter(node -> !node.isEmpty()).toList();
        uri = uri == null || uri.isBlank() ? null : uri.strip();
        if ((uri == null) == clusterNodes.isEmpty()) {
            throw new IllegalArgumentException(AdmissionMessages.redisEndpointNeedsOne());
        }
        if (uri != null) {
            parse(uri);
        } else {
            clusterUris(clusterNodes);
        }
    }

    /** A single Redis (or a primary behind Sentinel) at {@code uri}. */
    public static RedisEndpoint of(String uri) {
        return new RedisEndpoint(Objects.requireNonNull(uri, "uri"), List.of());
    }

    /** A Redis Cluster reached through any of {@code nodes}. */
    public static RedisEndpoint cluster(List<String> nodes) {
        return new RedisEndpoint(null, nodes);
    }

    /** The endpoint the settings name: the cluster when it has nodes, else the URI; null when neither is set. */
    public static RedisEndpoint fromSettings(String uri, List<String> clusterNodes) {
        if (clusterNodes != null && clusterNodes.stream().anyMatch(node -> !node.isBlank())) {
            return cluster(clusterNodes);
        }
        return uri == null || uri.isBlank() ? null : of(uri);
    }

    public boolean isCluster() {
        return uri == null;
    }

    /** The URI of a single endpoint, parsed. */
    RedisURI redisUri() {
        return parse(uri);
    }

    /** The seed nodes of a cluster, parsed, credentials and scheme shared as the class says. */
    List<RedisURI> clusterUris() {
        return clusterUris(clusterNodes);
    }

    /** {@code text} with the password of every URI in it replaced by {@code ***}. */
    public static String mask(String text) {
        if (text == null) {
            return null;
        }
        int scheme = text.indexOf("://");
        int at = text.lastIndexOf('@');
        if (scheme < 0 || at < scheme) {
            return text;
        }
        String userInfo = text.substring(scheme + 3, at);
        int colon = userInfo.indexOf(':');
        // Lettuce reads "redis://secret@host" as a password without a user: mask all of it.
        String masked = colon < 0 ? MASK : userInfo.substring(0, colon) + ':' + MASK;
        return text.substring(0, scheme + 3) + masked + text.substring(at);
    }

    @Override
    public String toString() {
        return uri != null ? mask(uri) : "cluster " + clusterNodes.stream().map(RedisEndpoint::mask).toList();
    }

    private static RedisURI parse(String text) {
        try {
            return RedisURI.create(text);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(AdmissionMessages.badRedisUri(mask(text), String.valueOf(e.getMessage())
                    .replace(text, mask(text))));
        }
    }

    private static List<RedisURI> clusterUris(List<String> nodes) {
        String template = nodes.stream().filter(node -> node.contains("://")).findFirst().orElse(null);
        RedisURI shared = template == null ? null : parse(template);
        List<RedisURI> uris = new ArrayList<>(nodes.size());
        for (String node : nodes) {
            if (node.contains("://")) {
                if (node.startsWith(RedisURI.URI_SCHEME_REDIS_SENTINEL)) {
                    throw new IllegalArgumentException(AdmissionMessages.badClusterNode(mask(node)));
                }
                uris.add(parse(node));
                continue;
            }
            int colon = node.lastIndexOf(':');
            int port;
            try {
                port = colon < 1 ? -1 : Integer.parseInt(node.substring(colon + 1));
            } catch (NumberFormatException e) {
                port = -1;
            }
            if (port < 1 || port > 65_535) {
                throw new IllegalArgumentException(AdmissionMessages.badClusterNode(mask(node)));
            }
            RedisURI.Builder builder = RedisURI.builder().withHost(node.substring(0, colon)).withPort(port);
            if (shared != null) {
                builder.withSsl(shared.isSsl()).withVerifyPeer(shared.getVerifyMode())
                        .withAuthentication(shared.getCredentialsProvider());
            }
            uris.add(builder.build());
        }
        return uris;
    }
}
