package dev.quintet.console.devices;

import dev.quintet.console.calls.ServiceAnswer;
import dev.quintet.console.security.ConsoleUser;
import jakarta.servlet.http.HttpSession;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/** The device page's forms: write a value, send a command, rotate the device token (shown once). */
@Controller
final class DeviceActionsController {

    private final DevicesApi api;

    DeviceActionsController(DevicesApi api) {
        this.api = api;
    }

    @PostMapping("/devices/{id}/values")
    String write(@AuthenticationPrincipal ConsoleUser user, HttpSession session, @PathVariable String id,
                 @RequestParam String pin, @RequestParam(required = false) String value, RedirectAttributes flash) {
        DeviceRow device = DeviceRow.of(api.device(user, session, id, "").body());
        String type = api.datastreams(user, session, device.templateId()).stream().filter(d -> d.pin().equals(pin))
                .map(DatastreamRow::type).findFirst().orElse("");
        ServiceAnswer answer = api.write(user, session, id, pin, ValueInput.parse(type, value));
        if (answer.ok()) {
            String delivery = answer.body().path("delivery").asString("");
            flash.addFlashAttribute("info", pin + " set to " + ValueRow.text(answer.body().path("value").path("desired"))
                    + (delivery.equals("queued") ? "; the device is offline, it gets the value when it connects"
                    : "; sent to the device"));
        } else {
            flash.addFlashAttribute("problem", "The value was not written: " + answer.message());
        }
        return "redirect:/devices/" + DevicesApi.id(id) + "?pin=" + URLEncoder.encode(pin, StandardCharsets.UTF_8);
    }

    @PostMapping("/devices/{id}/commands")
    String command(@AuthenticationPrincipal ConsoleUser user, HttpSession session, @PathVariable String id,
                   @RequestParam(required = false) String method, @RequestParam(required = false) String params,
                   @RequestParam(name = "two_way", defaultValue = "false") boolean twoWay,
                   @RequestParam(name = "timeout_seconds", required = false) Long timeoutSeconds,
                   RedirectAttributes flash) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("method", method == null ? "" : method.strip());
        try {
            Object parsed = ValueInput.params(params);
            if (parsed != null) {
                body.put("params", parsed);
            }
        } catch (IllegalArgumentException e) {
            flash.addFlashAttribute("problem", "The command was not sent: " + e.getMessage());
            return "redirect:/devices/" + DevicesApi.id(id);
        }
        body.put("two_way", twoWay);
        if (timeoutSeconds != null) {
            body.put("timeout_seconds", timeoutSeconds);
        }
        ServiceAnswer answer = api.command(user, session, id, body);
        flash.addFlashAttribute(answer.ok() ? "info" : "problem", answer.ok()
                ? "Command " + answer.body().path("method").asString() + " is " + answer.body().path("status").asString()
                : "The command was not sent: " + answer.message());
        return "redirect:/devices/" + DevicesApi.id(id);
    }

    @PostMapping("/devices/{id}/token")
    String rotateToken(@AuthenticationPrincipal ConsoleUser user, HttpSession session, @PathVariable String id,
                       RedirectAttributes flash) {
        ServiceAnswer answer = api.rotateToken(user, session, id);
        if (answer.ok()) {
            flash.addFlashAttribute("newToken", answer.body().path("token").asString());
        } else {
            flash.addFlashAttribute("problem", "The token was not changed: " + answer.message());
        }
        return "redirect:/devices/" + DevicesApi.id(id);
    }
}
