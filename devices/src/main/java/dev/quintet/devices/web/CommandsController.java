package dev.quintet.devices.web;

import dev.quintet.devices.DevicesProperties;
import dev.quintet.devices.commands.Command;
import dev.quintet.devices.commands.CommandDispatch;
import dev.quintet.devices.commands.CommandStatus;
import dev.quintet.devices.commands.Commands;
import dev.quintet.devices.commands.NewCommand;
import dev.quintet.devices.paging.Cursor;
import dev.quintet.devices.paging.Page;
import dev.quintet.platform.errors.ApiException;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.UUID;
import java.util.regex.Pattern;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/** Commands to a device: create, get, list, cancel. */
@RestController
@RequestMapping("/api/v1/devices/{id}/commands")
final class CommandsController {

    record CommandRequest(String method, JsonNode params, Boolean twoWay, Long timeoutSeconds, Long expiresInSeconds) {
    }

    private static final Pattern METHOD = Pattern.compile("[A-Za-z0-9_.-]{1,64}");
    private static final long MAX_TIMEOUT = 3600;
    private static final long MAX_EXPIRY = 7 * 24 * 3600;
    private static final int MAX_PARAMS = 8192;

    private final DeviceAccess access;
    private final Commands commands;
    private final CommandDispatch dispatch;
    private final DevicesProperties properties;
    private final Clock clock;

    CommandsController(DeviceAccess access, Commands commands, CommandDispatch dispatch, DevicesProperties properties,
                       Clock clock) {
        this.access = access;
        this.commands = commands;
        this.dispatch = dispatch;
        this.properties = properties;
        this.clock = clock;
    }

    @PostMapping
    ResponseEntity<CommandView> create(@PathVariable String id, @RequestBody CommandRequest body, HttpServletRequest request) {
        UUID deviceId = Caller.pathId(id, "device");
        if (body.method() == null || !METHOD.matcher(body.method()).matches()) {
            throw ApiException.invalidParameter("method", "method must be 1..64 letters, digits, '_', '.' or '-', got "
                    + (body.method() == null ? "nothing" : "'" + body.method() + "'"));
        }
        if (body.params() != null && body.params().toString().length() > MAX_PARAMS) {
            throw ApiException.invalidParameter("params", "params must be at most " + MAX_PARAMS + " characters of JSON");
        }
        Duration timeout = seconds(body.timeoutSeconds(), "timeout_seconds", MAX_TIMEOUT, properties.commandTimeout());
        Duration expiry = seconds(body.expiresInSeconds(), "expires_in_seconds", MAX_EXPIRY, properties.commandExpiry());
        JsonNode params = body.params() == null || body.params().isNull() ? null : body.params();
        NewCommand spec = new NewCommand(body.method(), params, body.twoWay() == null || body.twoWay(), timeout,
                clock.instant().plus(expiry));
        Command created = dispatch.create(Caller.account(request), deviceId, spec)
                .orElseThrow(() -> ApiException.notFound("no device " + id));
        return ResponseEntity.status(HttpStatus.CREATED).body(CommandView.of(created));
    }

    @GetMapping
    Page<CommandView> list(@PathVariable String id, @RequestParam(required = false) String status,
                           @RequestParam(required = false) String cursor, @RequestParam(required = false) Integer limit,
                           HttpServletRequest request) {
        UUID deviceId = access.find(id, request).device().id();
        CommandStatus wanted = status == null ? null : CommandStatus.named(status).orElseThrow(() ->
                ApiException.invalidParameter("status", "status must be one of "
                        + Arrays.toString(CommandStatus.values()) + ", got '" + status + "'"));
        return commands.list(deviceId, wanted, Cursor.decodeSequence(cursor), Cursor.limit(limit)).map(CommandView::of);
    }

    @GetMapping("/{commandId}")
    CommandView get(@PathVariable String id, @PathVariable String commandId, HttpServletRequest request) {
        UUID deviceId = access.find(id, request).device().id();
        return commands.find(deviceId, Caller.pathId(commandId, "command")).map(CommandView::of)
                .orElseThrow(() -> ApiException.notFound("no command " + commandId + " for device " + id));
    }

    @PostMapping("/{commandId}/cancel")
    CommandView cancel(@PathVariable String id, @PathVariable String commandId, HttpServletRequest request) {
        CommandView current = get(id, commandId, request);
        if (!dispatch.cancel(current.deviceId(), current.id())) {
            throw new ApiException(409, "command_finished", "command " + commandId + " is already " + current.status()
                    + " and cannot be canceled");
        }
        return get(id, commandId, request);
    }

    private static Duration seconds(Long value, String param, long max, Duration fallback) {
        if (value == null) {
            return fallback;
        }
        if (value < 1 || value > max) {
            throw ApiException.invalidParameter(param, param + " must be 1.." + max + ", got " + value);
        }
        return Duration.ofSeconds(value);
    }
}
