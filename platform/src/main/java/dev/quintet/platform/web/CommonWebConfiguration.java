package dev.quintet.platform.web;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.jdbc.core.simple.JdbcClient;

/** What every app has, the console included: request ids, the access log and {@code GET /health}. */
@Configuration(proxyBeanMethods = false)
public class CommonWebConfiguration {

    static final int FIRST = Ordered.HIGHEST_PRECEDENCE;

    @Bean
    FilterRegistrationBean<RequestIdFilter> requestIdFilter() {
        FilterRegistrationBean<RequestIdFilter> bean = new FilterRegistrationBean<>(new RequestIdFilter());
        bean.setOrder(FIRST);
        return bean;
    }

    @Bean
    FilterRegistrationBean<AccessLogFilter> accessLogFilter(@Value("${spring.application.name}") String service) {
        FilterRegistrationBean<AccessLogFilter> bean = new FilterRegistrationBean<>(new AccessLogFilter(service));
        bean.setOrder(FIRST + 1);
        return bean;
    }

    @Bean
    HealthController healthController(@Value("${spring.application.name}") String service, JdbcClient jdbc) {
        return new HealthController(service, jdbc);
    }
}
