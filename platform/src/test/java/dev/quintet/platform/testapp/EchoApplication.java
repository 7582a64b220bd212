package dev.quintet.platform.testapp;

import dev.quintet.platform.errors.ApiException;
import dev.quintet.platform.web.QuintetApiApplication;
import dev.quintet.platform.web.ServiceRealm;
import java.time.Instant;
import java.util.Map;
import org.springframework.context.annotation.Bean;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** An API service with a JSON body route, typed parameters and a route that fails, keyed as {@code router}. */
@QuintetApiApplication
public class EchoApplication {

    @Bean
    ServiceRealm serviceRealm() {
        return ServiceRealm.of("router", false).withMaxBodyBytes(10_000);
    }

    /** A JSON body with a null field and a time, to check the JSON conventions. */
    public record Echo(String messageText, String missing, Instant at, int count) {
    }

    @RestController
    static final class EchoController {

        @PostMapping(value = "/api/v1/echo", consumes = "application/json", produces = "application/json")
        Echo echo(@RequestBody Echo body) {
            return body;
        }

        @GetMapping(value = "/api/v1/items", produces = "application/json")
        Map<String, Object> items(@RequestParam int limit) {
            if (limit < 1 || limit > 100) {
                throw ApiException.invalidParameter("limit", "limit must be 1..100, got " + limit);
            }
            return Map.of("limit", limit);
        }

        @GetMapping("/api/v1/busy")
        String busy() {
            throw new ApiException(503, "upstream_unavailable", "the upstream registry is down").withHeader("Retry-After", "30");
        }

        @GetMapping("/api/v1/boom")
        String boom() {
            throw new IllegalStateException("secret internal detail");
        }
    }
}
