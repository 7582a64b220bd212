package dev.quintet.devices;

import dev.quintet.devices.external.ExternalSettings;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Whether devices reach this service through the embedded broker or through an external one: an external broker's
 * URL in {@code quintet.devices.mqtt-url} or {@code QUINTET_MQTT_URL} chooses the latter.
 */
final class MqttMode {

    private MqttMode() {
    }

    /** The external broker's URL; null when the broker is embedded. */
    static String externalUrl(Environment env) {
        String url = env.getProperty("quintet.devices.mqtt-url");
        if (url == null || url.isBlank()) {
            url = env.getProperty(ExternalSettings.URL_VARIABLE);
        }
        return url == null || url.isBlank() ? null : url.strip();
    }

    static final class External implements Condition {
        @Override
        public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return externalUrl(context.getEnvironment()) != null;
        }
    }

    static final class Embedded implements Condition {
        @Override
        public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return externalUrl(context.getEnvironment()) == null;
        }
    }
}
