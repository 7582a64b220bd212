package dev.quintet.platform.web;

import dev.quintet.platform.errors.ApiErrorAdvice;
import dev.quintet.platform.errors.ContainerErrorValve;
import dev.quintet.platform.errors.ErrorPageController;
import dev.quintet.platform.errors.ErrorWriter;
import dev.quintet.platform.keys.ApiKeyAuthenticator;
import dev.quintet.platform.keys.ApiKeys;
import dev.quintet.platform.quota.QuotaLimiter;
import dev.quintet.platform.quota.QuotaPolicy;
import dev.quintet.platform.usage.UsageCounters;
import io.swagger.v3.oas.models.OpenAPI;
import jakarta.servlet.DispatcherType;
import org.apache.catalina.core.StandardHost;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.PropertySource;
import tools.jackson.databind.json.JsonMapper;

/**
 * The platform contract for an API service (DESIGN.md §4): the service declares a {@link ServiceRealm} bean, and
 * this adds key authentication, quotas, CORS where allowed, body limits, errors in its shape and whoami.
 */
@Configuration(proxyBeanMethods = false)
@Import(CommonWebConfiguration.class)
@PropertySource("classpath:dev/quintet/platform/web/api-service.properties")
public class ApiServiceConfiguration {

    @Bean
    OpenAPI apiDescription(ServiceRealm realm) {
        return ApiDocs.describe(realm);
    }

    @Bean
    ErrorWriter errorWriter(ServiceRealm realm, JsonMapper json) {
        return new ErrorWriter(realm.errorShape(), json);
    }

    @Bean
    ApiErrorAdvice apiErrorAdvice(ErrorWriter writer) {
        return new ApiErrorAdvice(writer);
    }

    @Bean
    ErrorPageController errorPageController(ErrorWriter writer) {
        return new ErrorPageController(writer);
    }

    @Bean
    FilterRegistrationBean<CorsFilter> corsFilter(ServiceRealm realm) {
        FilterRegistrationBean<CorsFilter> bean = new FilterRegistrationBean<>(new CorsFilter());
        bean.setOrder(CommonWebConfiguration.FIRST + 2);
        bean.setEnabled(realm.browserCallable());
        return bean;
    }

    @Bean
    FilterRegistrationBean<BodySizeLimitFilter> bodySizeLimitFilter(ServiceRealm realm, ErrorWriter errors) {
        FilterRegistrationBean<BodySizeLimitFilter> bean =
                new FilterRegistrationBean<>(new BodySizeLimitFilter(realm.maxBodyBytes(), errors));
        bean.setOrder(CommonWebConfiguration.FIRST + 3);
        return bean;
    }

    @Bean
    FilterRegistrationBean<ApiKeyAuthenticator> apiKeyAuthenticator(ServiceRealm realm, ApiKeys keys,
            QuotaLimiter limiter, QuotaPolicy policy, UsageCounters usage, ErrorWriter errors) {
        FilterRegistrationBean<ApiKeyAuthenticator> bean = new FilterRegistrationBean<>(
                new ApiKeyAuthenticator(realm, keys, limiter, policy, usage, errors));
        bean.setOrder(CommonWebConfiguration.FIRST + 4);
        bean.setDispatcherTypes(DispatcherType.REQUEST);
        bean.setEnabled(realm.apiKeys());
        return bean;
    }

    /** Requests Tomcat refuses before the application sees them get the service's error shape too. */
    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> containerErrorsInServiceShape(ErrorWriter errors) {
        return factory -> factory.addContextCustomizers(context -> {
            StandardHost host = (StandardHost) context.getParent();
            host.setErrorReportValveClass(ContainerErrorValve.class.getName());
            host.getPipeline().addValve(new ContainerErrorValve(errors));
        });
    }

    @Bean
    WhoamiController whoamiController(ServiceRealm realm) {
        return new WhoamiController(realm.name());
    }
}
