package dev.quintet.bench.platform;

import dev.quintet.platform.web.QuintetApiApplication;
import dev.quintet.platform.web.ServiceRealm;
import java.util.Map;
import org.springframework.context.annotation.Bean;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * One handler served twice: under {@code /api/v1/ping} behind the whole contract, and under {@code /open/ping},
 * declared public so it skips key authentication and quotas and nothing else.
 */
@QuintetApiApplication
public class PingApplication {

    @Bean
    ServiceRealm serviceRealm() {
        return ServiceRealm.of("packages", true).withPublicPath("/open");
    }

    @RestController
    static final class PingController {

        private static final Map<String, Object> PONG = Map.of("pong", true);

        @GetMapping(value = {"/api/v1/ping", "/open/ping"}, produces = "application/json")
        Map<String, Object> ping() {
            return PONG;
        }
    }
}
