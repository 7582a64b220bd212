package dev.quintet.devices;

import dev.quintet.platform.web.QuintetApiApplication;
import dev.quintet.platform.web.ServiceRealm;
import org.springframework.context.annotation.Bean;

/**
 * The IoT device control app (S2): called by servers, so no CORS; errors as problem+json. Apps use API keys; the
 * Blynk-style device API under {@code /external} takes device tokens instead, so the key filter lets it through.
 */
@QuintetApiApplication
public class DevicesApplication {

    /** Where devices call with their token instead of an API key. */
    public static final String DEVICE_API = "/external";

    @Bean
    ServiceRealm serviceRealm() {
        return ServiceRealm.of("devices", false).withPublicPath(DEVICE_API);
    }
}
