package dev.quintet.devices.web;

import dev.quintet.devices.templates.Datastream;
import dev.quintet.devices.values.Shadow;
import dev.quintet.devices.values.Values;
import dev.quintet.devices.values.VersionConflict;
import dev.quintet.platform.errors.ApiException;
import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/**
 * A device's shadow: its datastreams' desired and reported values as one versioned document. A patch of
 * {@code desired} is a value write like {@code PUT /values/{pin}} (same checks, same delivery to the device);
 * {@code null} forgets a desired value. {@code If-Match} makes the patch conditional on the version.
 */
@RestController
@RequestMapping("/api/v1/devices/{id}/shadow")
final class ShadowController {

    private final DeviceAccess access;
    private final Values values;

    ShadowController(DeviceAccess access, Values values) {
        this.access = access;
        this.values = values;
    }

    @GetMapping
    ResponseEntity<Shadow> get(@PathVariable String id,
                               @RequestHeader(name = "If-None-Match", required = false) String ifNoneMatch,
                               HttpServletRequest request) {
        DeviceAccess.Owned owned = access.find(id, request);
        Shadow shadow = values.shadow(owned.device().id(), owned.template());
        if (ifNoneMatch != null && EntityTags.matches(ifNoneMatch, shadow.version())) {
            return ResponseEntity.status(HttpStatus.NOT_MODIFIED).eTag(shadow.etag()).build();
        }
        return ResponseEntity.ok().eTag(shadow.etag()).body(shadow);
    }

    @PatchMapping
    ResponseEntity<Shadow> patch(@PathVariable String id, @RequestBody JsonNode body,
                                 @RequestHeader(name = "If-Match", required = false) String ifMatch,
                                 HttpServletRequest request) {
        DeviceAccess.Owned owned = access.find(id, request);
        Long expected = EntityTags.expectedVersion(ifMatch);
        JsonNode desired = desired(body);
        Map<Datastream, JsonNode> set = new LinkedHashMap<>();
        Set<Datastream> removed = new LinkedHashSet<>();
        desired.properties().forEach(e -> {
            String param = "desired." + e.getKey();
            Datastream ds = owned.template().datastream(e.getKey()).orElseThrow(() -> ApiException.invalidParameter(
                    param, param + " names no datastream of this device"));
            if (e.getValue().isNull()) {
                removed.add(ds);
            } else {
                set.put(ds, ValueChecks.checked(ds, e.getValue(), param));
            }
        });
        try {
            values.write(owned.device().id(), owned.template(), set, removed, expected);
        } catch (VersionConflict c) {
            throw new ApiException(409, "version_conflict", "If-Match names version " + c.expected()
                    + ", but the shadow is at version " + c.current() + "; read it again and retry", "If-Match")
                    .withHeader("ETag", "\"" + c.current() + "\"");
        }
        Shadow shadow = values.shadow(owned.device().id(), owned.template());
        return ResponseEntity.ok().eTag(shadow.etag()).body(shadow);
    }

    private static JsonNode desired(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw ApiException.invalidParameter("desired", "the body must be a JSON object such as {\"desired\": {\"target\": 21}}");
        }
        for (String field : body.propertyNames()) {
            if (field.equals("reported")) {
                throw ApiException.invalidParameter("reported",
                        "reported is written by the device (MQTT ds/{name} or the device HTTP API), not by apps");
            }
            if (!field.equals("desired")) {
                throw ApiException.invalidParameter(field, field + " is not a field of a shadow patch; send desired");
            }
        }
        JsonNode desired = body.get("desired");
        if (desired == null || !desired.isObject() || desired.isEmpty()) {
            throw ApiException.invalidParameter("desired",
                    "desired must be a JSON object naming at least one datastream (null removes a desired value)");
        }
        return desired;
    }
}
