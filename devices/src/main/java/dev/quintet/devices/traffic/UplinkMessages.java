package dev.quintet.devices.traffic;

import dev.quintet.devices.broker.DeviceTopics;
import dev.quintet.devices.events.Events;
import dev.quintet.devices.templates.Datastream;
import dev.quintet.devices.templates.Template;
import dev.quintet.devices.templates.ValueRejected;
import dev.quintet.devices.templates.ValueRules;
import dev.quintet.devices.values.Values;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Values, events and requests a device publishes: {@code ds/{name}}, {@code batch_ds}, {@code event/{code}},
 * {@code get/ds}. What cannot be stored (unknown datastream, wrong type) is dropped and recorded as an event.
 */
public final class UplinkMessages {

    private static final CompletableFuture<Void> STORED = CompletableFuture.completedFuture(null);

    private final Values values;
    private final Events events;
    private final JsonMapper json;

    public UplinkMessages(Values values, Events events, JsonMapper json) {
        this.values = values;
        this.events = events;
        this.json = json;
    }

    /** Handles the message; values are queued for storage, and the future completes once they are committed. */
    CompletableFuture<Void> handle(UUID deviceId, Template template, String topic, String text) {
        if (topic.startsWith(DeviceTopics.DS)) {
            return report(deviceId, template, Map.of(topic.substring(DeviceTopics.DS.length()), text), null);
        } else if (topic.equals(DeviceTopics.BATCH)) {
            return batch(deviceId, template, text);
        } else if (topic.startsWith(DeviceTopics.EVENT)) {
            events.device(deviceId, topic.substring(DeviceTopics.EVENT.length()), text.isEmpty() ? null : truncate(text));
        } else if (topic.equals(DeviceTopics.GET_DS) || topic.equals(DeviceTopics.GET_DS_ALL)) {
            List<String> names = text.isBlank() ? List.of() : Arrays.stream(text.split(",")).map(String::strip).toList();
            values.resend(deviceId, names.isEmpty() ? template.datastreams()
                    : names.stream().map(template::datastream).flatMap(Optional::stream).toList());
        }
        return STORED;
    }

    private CompletableFuture<Void> batch(UUID deviceId, Template template, String text) {
        JsonNode body;
        try {
            body = json.readTree(text);
        } catch (JacksonException e) {
            body = null;
        }
        if (body == null || !body.isObject()) {
            rejected(deviceId, "batch_ds must be a JSON object of datastream names to values, got '" + truncate(text) + "'");
            return STORED;
        }
        return report(deviceId, template, texts(body), null);
    }

    /** A JSON object of datastream names to values as the texts a device would send on {@code ds/{name}}. */
    static Map<String, String> texts(JsonNode object) {
        Map<String, String> texts = new LinkedHashMap<>();
        object.properties().forEach(e -> texts.put(e.getKey(),
                e.getValue().isString() ? e.getValue().stringValue() : e.getValue().toString()));
        return texts;
    }

    /**
     * Queues the values that fit for storage, as one change, and records an event for each that does not; the future
     * completes once they are committed. With {@code expectedVersion} they are stored only if the shadow is still at
     * that version, else the future fails with {@link dev.quintet.devices.values.VersionConflict}.
     */
    CompletableFuture<Void> report(UUID deviceId, Template template, Map<String, String> texts, Long expectedVersion) {
        Map<Datastream, String> fitting = new LinkedHashMap<>();
        texts.forEach((key, value) -> template.datastream(key).ifPresentOrElse(ds -> {
            try {
                ValueRules.fromDevice(ds, value);
                fitting.put(ds, value);
            } catch (ValueRejected e) {
                rejected(deviceId, e.getMessage());
            }
        }, () -> rejected(deviceId, "no datastream '" + key + "' in template " + template.name())));
        return fitting.isEmpty() ? STORED : values.submit(deviceId, fitting, expectedVersion);
    }

    /** Records what a device sent that could not be stored, as a {@code rejected-value} event. */
    void rejected(UUID deviceId, String description) {
        events.system(deviceId, "rejected-value", description, null);
    }

    static String truncate(String text) {
        return text.length() > 255 ? text.substring(0, 255) : text;
    }
}
