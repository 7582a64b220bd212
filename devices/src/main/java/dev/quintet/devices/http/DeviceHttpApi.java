package dev.quintet.devices.http;

import dev.quintet.devices.events.Events;
import dev.quintet.devices.limits.DeviceRateLimit;
import dev.quintet.devices.presence.Presence;
import dev.quintet.devices.properties.DatastreamProperties;
import dev.quintet.devices.registry.Device;
import dev.quintet.devices.registry.Devices;
import dev.quintet.devices.broker.DeviceSessions;
import dev.quintet.devices.templates.Datastream;
import dev.quintet.devices.templates.Template;
import dev.quintet.devices.templates.Templates;
import dev.quintet.devices.templates.ValueRejected;
import dev.quintet.devices.templates.ValueRules;
import dev.quintet.devices.values.LatestValue;
import dev.quintet.devices.values.Values;
import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Blynk's device HTTP API: pins as bare parameters ({@code get?token=T&V1}, {@code update?token=T&V1=42}), plain-text
 * answers, and HTTP 400 {@code {"error":{"message":"Invalid token."}}} on a bad token. Every call counts against the
 * device's message rate limit; a report ({@code update}, {@code logEvent}) is also a sign of life, so the device is
 * online until its heartbeat timeout passes without another.
 */
@RestController
@RequestMapping("/external/api")
final class DeviceHttpApi {

    private static final Pattern CODE = Pattern.compile("[A-Za-z0-9_.-]{1," + Events.MAX_CODE_LENGTH + "}");

    private final Devices devices;
    private final Templates templates;
    private final Values values;
    private final Events events;
    private final DeviceSessions sessions;
    private final JsonMapper json;
    private final Presence presence;
    private final DeviceRateLimit rateLimit;
    private final DatastreamProperties properties;

    DeviceHttpApi(Devices devices, Templates templates, Values values, Events events, DeviceSessions sessions,
                  JsonMapper json, Presence presence, DeviceRateLimit rateLimit, DatastreamProperties properties) {
        this.devices = devices;
        this.templates = templates;
        this.values = values;
        this.events = events;
        this.sessions = sessions;
        this.json = json;
        this.presence = presence;
        this.rateLimit = rateLimit;
        this.properties = properties;
    }

    @GetMapping("/get")
    ResponseEntity<String> get(HttpServletRequest request) {
        Device device = device(request);
        Map<String, Datastream> pins = pins(request, templates.byId(device.templateId()).orElseThrow());
        if (pins.isEmpty()) {
            throw new BlynkError(BlynkError.WRONG_PIN);
        }
        Map<Integer, LatestValue> latest = values.read(device.id());
        Map<String, JsonNode> answer = new LinkedHashMap<>();
        pins.forEach((param, ds) -> {
            LatestValue v = latest.get(ds.pin());
            JsonNode value = v == null || v.current() == null ? ds.defaultValue() : v.current();
            if (value != null) {
                answer.put(param, value);
            }
        });
        if (pins.size() == 1) {
            JsonNode only = answer.values().stream().findFirst()
                    .orElseThrow(() -> new BlynkError("No value for that pin yet."));
            return ResponseEntity.ok().contentType(MediaType.TEXT_PLAIN).body(ValueRules.toText(only));
        }
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(json.writeValueAsString(answer));
    }

    @GetMapping({"/update", "/batch/update"})
    ResponseEntity<String> update(HttpServletRequest request) {
        Device device = device(request);
        Template template = templates.byId(device.templateId()).orElseThrow();
        Map<String, Datastream> pins = pins(request, template);
        if (pins.isEmpty()) {
            throw new BlynkError(BlynkError.WRONG_PIN);
        }
        Map<Datastream, String> texts = new LinkedHashMap<>();
        pins.forEach((param, ds) -> texts.put(ds, request.getParameter(param)));
        presence.reportedOverHttp(device.id());
        try {
            values.report(device.id(), texts);
        } catch (ValueRejected e) {
            throw new BlynkError(BlynkError.WRONG_TYPE);
        }
        return ResponseEntity.ok().build();
    }

    /**
     * Sets how apps should show a datastream: {@code update/property?token=T&pin=V1&label=Kitchen&color=%23D3435C};
     * {@code labels} may repeat. Merged into what the device set before.
     */
    @GetMapping("/update/property")
    ResponseEntity<String> updateProperty(HttpServletRequest request) {
        Device device = device(request);
        int pin = datastream(templates.byId(device.templateId()).orElseThrow(), request.getParameter("pin")).pin();
        Map<String, String[]> given = new LinkedHashMap<>(request.getParameterMap());
        given.remove("token");
        given.remove("pin");
        ObjectNode set;
        try {
            set = DatastreamProperties.parse(given);
        } catch (IllegalArgumentException e) {
            throw new BlynkError(e.getMessage());
        }
        presence.reportedOverHttp(device.id());
        properties.update(device.id(), pin, set);
        return ResponseEntity.ok().build();
    }

    @GetMapping("/isHardwareConnected")
    ResponseEntity<String> isHardwareConnected(HttpServletRequest request) {
        Device device = device(request);
        return ResponseEntity.ok().contentType(MediaType.TEXT_PLAIN)
                .body(Boolean.toString(sessions.isConnected(device.id()) || device.online()));
    }

    @GetMapping("/logEvent")
    ResponseEntity<String> logEvent(HttpServletRequest request) {
        Device device = device(request);
        String code = request.getParameter("code");
        if (code == null || !CODE.matcher(code).matches()) {
            throw new BlynkError("Event code must be 1.." + Events.MAX_CODE_LENGTH + " letters, digits, '_', '.' or '-'.");
        }
        String description = request.getParameter("description");
        if (description != null && description.length() > 255) {
            throw new BlynkError("Description must be at most 255 characters.");
        }
        presence.reportedOverHttp(device.id());
        events.device(device.id(), code, description);
        return ResponseEntity.ok().build();
    }

    @ExceptionHandler(BlynkError.class)
    ResponseEntity<String> error(BlynkError e) {
        ResponseEntity.BodyBuilder answer = ResponseEntity.status(e.status()).contentType(MediaType.APPLICATION_JSON);
        if (e.status() == 429) {
            answer.header("Retry-After", "1");
        }
        return answer
                .body(json.writeValueAsString(Map.of("error", Map.of("message", e.getMessage()))));
    }

    private Device device(HttpServletRequest request) {
        String token = request.getParameter("token");
        if (token == null || token.isEmpty()) {
            throw new BlynkError(BlynkError.NO_TOKEN);
        }
        Device device = devices.byToken(token).orElseThrow(() -> new BlynkError(BlynkError.INVALID_TOKEN));
        if (!rateLimit.admit(device.id())) {
            throw new BlynkError(429, "Too many requests: a device may send " + rateLimit.describe() + ".");
        }
        return device;
    }

    /** The pin parameters of the request ({@code V1}, {@code v1}), in order, with their datastreams. */
    private static Map<String, Datastream> pins(HttpServletRequest request, Template template) {
        Map<String, Datastream> pins = new LinkedHashMap<>();
        for (String param : request.getParameterMap().keySet()) {
            if (param.equals("token")) {
                continue;
            }
            pins.put(param, datastream(template, param));
        }
        return pins;
    }

    /** The template's datastream on the pin {@code param} names ({@code V1}, {@code v1}), in Blynk's errors. */
    private static Datastream datastream(Template template, String param) {
        int pin = Datastream.parsePin(param);
        if (pin < 0) {
            throw new BlynkError(BlynkError.WRONG_PIN);
        }
        return template.datastream(pin).orElseThrow(() -> new BlynkError(BlynkError.NO_DATASTREAM));
    }
}
