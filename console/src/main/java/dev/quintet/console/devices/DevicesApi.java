package dev.quintet.console.devices;

import dev.quintet.console.calls.ServiceAnswer;
import dev.quintet.console.calls.ServiceCalls;
import dev.quintet.console.security.ConsoleUser;
import jakarta.servlet.http.HttpSession;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ResponseStatusException;

/** The devices API paths the pages use; ids from the browser are checked before they become part of a path. */
@Component
final class DevicesApi {

    private static final String SERVICE = "devices";
    private static final Pattern CURSOR = Pattern.compile("[A-Za-z0-9_=-]{1,200}");

    private final ServiceCalls calls;

    DevicesApi(ServiceCalls calls) {
        this.calls = calls;
    }

    ServiceAnswer devices(ConsoleUser user, HttpSession session, String cursor) {
        String page = cursor == null || !CURSOR.matcher(cursor).matches() ? "" : "&cursor=" + cursor;
        return calls.get(user, session, SERVICE, "/api/v1/devices?limit=50" + page);
    }

    ServiceAnswer templates(ConsoleUser user, HttpSession session) {
        return calls.get(user, session, SERVICE, "/api/v1/templates?limit=500");
    }

    ServiceAnswer template(ConsoleUser user, HttpSession session, String templateId) {
        return calls.get(user, session, SERVICE, "/api/v1/templates/" + id(templateId));
    }

    List<DatastreamRow> datastreams(ConsoleUser user, HttpSession session, String templateId) {
        return template(user, session, templateId).body().path("datastreams").valueStream().map(DatastreamRow::of)
                .toList();
    }

    ServiceAnswer device(ConsoleUser user, HttpSession session, String deviceId, String rest) {
        return calls.get(user, session, SERVICE, "/api/v1/devices/" + id(deviceId) + rest);
    }

    ServiceAnswer history(ConsoleUser user, HttpSession session, String deviceId, String pin, String query) {
        return device(user, session, deviceId, "/values/" + segment(pin) + "/history?" + query);
    }

    ServiceAnswer write(ConsoleUser user, HttpSession session, String deviceId, String pin, Object value) {
        return calls.send(user, session, SERVICE, "PUT", "/api/v1/devices/" + id(deviceId) + "/values/" + segment(pin),
                Map.of("value", value));
    }

    ServiceAnswer command(ConsoleUser user, HttpSession session, String deviceId, Map<String, Object> body) {
        return calls.send(user, session, SERVICE, "POST", "/api/v1/devices/" + id(deviceId) + "/commands", body);
    }

    ServiceAnswer rotateToken(ConsoleUser user, HttpSession session, String deviceId) {
        return calls.send(user, session, SERVICE, "POST", "/api/v1/devices/" + id(deviceId) + "/token", null);
    }

    static String id(String text) {
        try {
            return UUID.fromString(text).toString();
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new ResponseStatusException(HttpStatus.NOT_FOUND);
        }
    }

    private static String segment(String text) {
        return URLEncoder.encode(text == null ? "" : text, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
