package io.stagedoor.bench.peer;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.cloud.gateway.filter.ratelimit.KeyResolver;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import reactor.core.publisher.Mono;

/**
 * Spring Cloud Gateway (WebFlux) as a Java team would configure it in front of the hold endpoint: {@code POST
 * /v1/events/{id}/holds} forwarded to {@code peer.upstream} behind {@code RequestRateLimiter} with the
 * {@code RedisRateLimiter}, keyed on the {@value #BUYER_HEADER} header, at Stagedoor's default buyer limit (a burst
 * of 10 holds, then one per 6 s); {@code GET /bare} is forwarded with no limiter. Routes and limits are in
 * {@code application.properties}; {@code --peer.port}, {@code --peer.upstream}, {@code --spring.data.redis.host} and
 * {@code --spring.data.redis.port} place it. Prints {@value #READY} and the port once it listens.
 */
@SpringBootApplication
public class GatewayPeer {

    /** The header the limiter is keyed on: the buyer's identity, as an authenticating proxy would pass it. */
    public static final String BUYER_HEADER = "X-Buyer";
    /** What the peer prints on stdout once its port is open. */
    public static final String READY = "gateway-peer listening on";

    public static void main(String[] args) {
        SpringApplication.run(GatewayPeer.class, args);
    }

    /** A request without the header resolves to no key, which the filter refuses (deny-empty-key). */
    @Bean
    KeyResolver buyerKeyResolver() {
        return exchange -> Mono.justOrEmpty(exchange.getRequest().getHeaders().getFirst(BUYER_HEADER));
    }

    @Bean
    ApplicationListener<WebServerInitializedEvent> readyLine() {
        return event -> System.out.println(READY + " " + event.getWebServer().getPort());
    }
}
