package dev.quintet.devices.web;

import dev.quintet.devices.broker.DeviceSessions;
import dev.quintet.devices.paging.Cursor;
import dev.quintet.devices.paging.Page;
import dev.quintet.devices.registry.DeviceFilter;
import dev.quintet.devices.registry.Devices;
import dev.quintet.devices.templates.Templates;
import dev.quintet.platform.errors.ApiException;
import jakarta.servlet.http.HttpServletRequest;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/** Devices of the caller's account; the token is shown once, on creation and on rotation. */
@RestController
@RequestMapping("/api/v1/devices")
final class DevicesController {

    record DeviceRequest(String name, String templateId, JsonNode metadata) {
    }

    private static final int MAX_METADATA = 8192;

    private final Devices devices;
    private final Templates templates;
    private final DeviceAccess access;
    private final DeviceSessions sessions;

    DevicesController(Devices devices, Templates templates, DeviceAccess access, DeviceSessions sessions) {
        this.devices = devices;
        this.templates = templates;
        this.access = access;
        this.sessions = sessions;
    }

    @PostMapping
    ResponseEntity<DeviceView> create(@RequestBody DeviceRequest body, HttpServletRequest request) {
        UUID account = Caller.account(request);
        String name = Caller.name(body.name(), "name", true);
        UUID templateId = Caller.bodyId(body.templateId(), "template_id");
        if (templates.find(account, templateId).isEmpty()) {
            throw ApiException.invalidParameter("template_id", "template_id must name a template of your account, got "
                    + templateId);
        }
        JsonNode metadata = metadata(body.metadata());
        Devices.Created created = devices.create(account, templateId, name,
                metadata == null ? JsonNodeFactory.instance.objectNode() : metadata);
        return ResponseEntity.status(HttpStatus.CREATED).body(DeviceView.withToken(created.device(), created.token()));
    }

    @GetMapping
    Page<DeviceView> list(@RequestParam(name = "template_id", required = false) String templateId,
                          @RequestParam(required = false) String status, @RequestParam(required = false) String name,
                          @RequestParam(required = false) String cursor, @RequestParam(required = false) Integer limit,
                          HttpServletRequest request) {
        Boolean online = switch (status == null ? "" : status) {
            case "" -> null;
            case "online" -> true;
            case "offline" -> false;
            default -> throw ApiException.invalidParameter("status", "status must be online or offline, got '" + status + "'");
        };
        DeviceFilter filter = new DeviceFilter(templateId == null ? null : Caller.bodyId(templateId, "template_id"),
                online, name == null || name.isBlank() ? null : name.strip());
        return devices.list(Caller.account(request), filter, Cursor.decodeId(cursor), Cursor.limit(limit))
                .map(DeviceView::of);
    }

    @GetMapping("/{id}")
    DeviceView get(@PathVariable String id, HttpServletRequest request) {
        return DeviceView.of(access.find(id, request).device());
    }

    @PatchMapping("/{id}")
    DeviceView update(@PathVariable String id, @RequestBody DeviceRequest body, HttpServletRequest request) {
        var owned = access.find(id, request);
        if (body.templateId() != null) {
            throw ApiException.invalidParameter("template_id", "template_id cannot change; create a new device instead");
        }
        return devices.update(owned.device().accountId(), owned.device().id(), Caller.name(body.name(), "name", false),
                metadata(body.metadata())).map(DeviceView::of).orElseThrow(() -> ApiException.notFound("no device " + id));
    }

    @DeleteMapping("/{id}")
    ResponseEntity<Void> delete(@PathVariable String id, HttpServletRequest request) {
        var owned = access.find(id, request);
        devices.delete(owned.device().accountId(), owned.device().id());
        sessions.disconnect(owned.device().id());
        return ResponseEntity.noContent().build();
    }

    @PostMapping("/{id}/token")
    DeviceView rotateToken(@PathVariable String id, HttpServletRequest request) {
        var owned = access.find(id, request);
        String token = devices.rotateToken(owned.device().accountId(), owned.device().id())
                .orElseThrow(() -> ApiException.notFound("no device " + id));
        sessions.disconnect(owned.device().id());
        return DeviceView.withToken(devices.byId(owned.device().id()).orElseThrow(), token);
    }

    private static JsonNode metadata(JsonNode metadata) {
        if (metadata == null || metadata.isNull()) {
            return null;
        }
        if (!metadata.isObject()) {
            throw ApiException.invalidParameter("metadata", "metadata must be a JSON object");
        }
        if (metadata.toString().length() > MAX_METADATA) {
            throw ApiException.invalidParameter("metadata", "metadata must be at most " + MAX_METADATA + " characters of JSON");
        }
        return metadata;
    }
}
