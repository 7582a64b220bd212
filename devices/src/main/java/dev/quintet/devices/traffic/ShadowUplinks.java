package dev.quintet.devices.traffic;

import dev.quintet.devices.broker.DeviceTopics;
import dev.quintet.devices.templates.Template;
import dev.quintet.devices.values.ShadowDownlink;
import dev.quintet.devices.values.Values;
import dev.quintet.devices.values.VersionConflict;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The device's side of its shadow: {@code get/shadow} is answered with the whole document on
 * {@code downlink/shadow}; {@code update/shadow} ({@code {"reported": {...}, "version": 7}}) reports values as
 * {@code batch_ds} does, through the same checks, clamping, history and live feed, and only if the shadow is still at
 * {@code version} when one is given. An update is answered once stored with the new document, or on
 * {@code downlink/shadow/rejected} with why nothing was stored (also recorded as a {@code rejected-value} event).
 */
public final class ShadowUplinks {

    private static final Logger log = LoggerFactory.getLogger(ShadowUplinks.class);
    private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);
    private static final String EXAMPLE = "{\"reported\": {\"temp\": 21.5}, \"version\": 7}";

    private final Values values;
    private final UplinkMessages uplinks;
    private final ShadowDownlink downlink;
    private final JsonMapper json;
    /** Answers go out off the report writer's threads, which complete the futures. */
    private final Executor answers = task -> Thread.ofVirtual().name("shadow-answer").start(task);

    public ShadowUplinks(Values values, UplinkMessages uplinks, ShadowDownlink downlink, JsonMapper json) {
        this.values = values;
        this.uplinks = uplinks;
        this.downlink = downlink;
        this.json = json;
    }

    /**
     * Handles {@code get/shadow} or {@code update/shadow}; the future completes once an update is stored and
     * answered (or refused and answered).
     */
    CompletableFuture<Void> handle(UUID deviceId, Template template, String topic, String text) {
        if (topic.equals(DeviceTopics.GET_SHADOW)) {
            downlink.document(deviceId, values.shadow(deviceId, template));
            return DONE;
        }
        JsonNode body = read(text);
        String problem = problem(body);
        if (problem != null) {
            refuse(deviceId, "invalid_update", problem, null);
            return DONE;
        }
        JsonNode version = body.get("version");
        return uplinks.report(deviceId, template, UplinkMessages.texts(body.get("reported")),
                        version == null ? null : version.longValue())
                .handleAsync((stored, failure) -> answer(deviceId, template, failure), answers);
    }

    private Void answer(UUID deviceId, Template template, Throwable failure) {
        Throwable cause = failure instanceof CompletionException c && c.getCause() != null ? c.getCause() : failure;
        if (cause instanceof VersionConflict conflict) {
            refuse(deviceId, "version_conflict", "update/shadow names version " + conflict.expected()
                    + ", but the shadow is at version " + conflict.current()
                    + "; nothing was stored: apply the delta and report again with the current version",
                    conflict.current());
            return null;
        }
        if (cause != null) {
            throw cause instanceof RuntimeException e ? e : new CompletionException(cause);
        }
        try {
            downlink.document(deviceId, values.shadow(deviceId, template));
        } catch (RuntimeException e) {
            log.warn("Stored a shadow update of device {} but could not answer it: {}", deviceId, e.toString());
        }
        return null;
    }

    private void refuse(UUID deviceId, String code, String message, Long version) {
        uplinks.rejected(deviceId, message);
        downlink.rejected(deviceId, new ShadowDownlink.Rejection(code, message, version));
    }

    private JsonNode read(String text) {
        try {
            return json.readTree(text);
        } catch (JacksonException e) {
            return null;
        }
    }

    /** What is wrong with an update, or null. */
    private static String problem(JsonNode body) {
        if (body == null || !body.isObject()) {
            return "update/shadow must be a JSON object such as " + EXAMPLE;
        }
        for (String field : body.propertyNames()) {
            if (field.equals("desired")) {
                return "desired is written by apps, not by the device: update/shadow takes reported";
            }
            if (!field.equals("reported") && !field.equals("version")) {
                return UplinkMessages.truncate(field) + " is not a field of a shadow update; send reported and, "
                        + "optionally, version, such as " + EXAMPLE;
            }
        }
        JsonNode reported = body.get("reported");
        if (reported == null || !reported.isObject() || reported.isEmpty()) {
            return "reported must be a JSON object naming at least one datastream, such as " + EXAMPLE;
        }
        JsonNode version = body.get("version");
        if (version != null && !(version.isIntegralNumber() && version.canConvertToLong()
                && version.longValue() >= 0)) {
            return "version must be a whole number of at least 0: the version of the shadow the device last received";
        }
        return null;
    }
}
