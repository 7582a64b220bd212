package dev.quintet.bench.platform;

import dev.quintet.platform.web.QuintetApiApplication;
import dev.quintet.platform.web.ServiceRealm;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Map;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * One handler served twice: under {@code /api/v1/ping} behind the whole contract, and under {@code /open/ping},
 * declared public so it skips key authentication and quotas and nothing else. A {@link ContractStopwatch} times
 * the key-and-quota filter from inside.
 */
@QuintetApiApplication
public class PingApplication {

    /** The platform's key-and-quota filter runs at this order; the marks go just before and just after it. */
    private static final int CONTRACT_ORDER = Ordered.HIGHEST_PRECEDENCE + 4;

    @Bean
    ServiceRealm serviceRealm() {
        return ServiceRealm.of("packages", true).withPublicPath("/open");
    }

    @Bean
    ContractStopwatch contractStopwatch() {
        return new ContractStopwatch();
    }

    @Bean
    FilterRegistrationBean<OncePerRequestFilter> contractStart(ContractStopwatch stopwatch) {
        FilterRegistrationBean<OncePerRequestFilter> bean = new FilterRegistrationBean<>(stopwatch.start());
        bean.setOrder(CONTRACT_ORDER - 1);
        return bean;
    }

    @Bean
    FilterRegistrationBean<OncePerRequestFilter> contractEnd(ContractStopwatch stopwatch) {
        FilterRegistrationBean<OncePerRequestFilter> bean = new FilterRegistrationBean<>(stopwatch.end());
        bean.setOrder(CONTRACT_ORDER + 1);
        return bean;
    }

    @Bean
    OpenPathFields openPathFields() {
        return new OpenPathFields();
    }

    /**
     * Response fields the public path sends as given (none unless set): with the keyed path's rate-limit fields, the
     * two paths put the same bytes on the wire, and their difference is the contract's work alone.
     */
    static final class OpenPathFields {

        private volatile Map<String, String> fields = Map.of();

        void set(Map<String, String> fields) {
            this.fields = Map.copyOf(fields);
        }

        void addTo(HttpServletResponse response) {
            fields.forEach(response::addHeader);
        }
    }

    @RestController
    static final class PingController {

        private static final Map<String, Object> PONG = Map.of("pong", true);
        private final OpenPathFields openPathFields;

        PingController(OpenPathFields openPathFields) {
            this.openPathFields = openPathFields;
        }

        @GetMapping(value = {"/api/v1/ping", "/open/ping"}, produces = "application/json")
        Map<String, Object> ping(HttpServletRequest request, HttpServletResponse response) {
            if (request.getRequestURI().startsWith("/open")) {
                openPathFields.addTo(response);
            }
            return PONG;
        }
    }
}
