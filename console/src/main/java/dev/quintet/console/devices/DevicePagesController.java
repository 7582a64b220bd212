package dev.quintet.console.devices;

import dev.quintet.console.calls.ServiceAnswer;
import dev.quintet.console.security.ConsoleUser;
import dev.quintet.console.web.Times;
import jakarta.servlet.http.HttpSession;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.server.ResponseStatusException;
import tools.jackson.databind.JsonNode;

/** {@code GET /devices} and {@code GET /devices/{id}}, and the small JSON reads their pages poll for live status. */
@Controller
final class DevicePagesController {

    private static final int COMMANDS = 10;

    private final DevicesApi api;
    private final Clock clock;

    DevicePagesController(DevicesApi api, Clock clock) {
        this.api = api;
        this.clock = clock;
    }

    @GetMapping("/devices")
    String list(@AuthenticationPrincipal ConsoleUser user, HttpSession session,
                @RequestParam(required = false) String cursor, Model model) {
        ServiceAnswer devices = api.devices(user, session, cursor);
        ServiceAnswer templates = api.templates(user, session);
        Map<String, String> templateNames = new HashMap<>();
        templates.body().path("data").forEach(t -> templateNames.put(t.path("id").asString(), t.path("name").asString()));
        model.addAttribute("problem", devices.ok() ? null : devices.message());
        model.addAttribute("devices", rows(devices));
        model.addAttribute("templateNames", templateNames);
        model.addAttribute("nextCursor", devices.body().path("next_cursor").asString(null));
        model.addAttribute("cursor", cursor);
        return "devices/list";
    }

    @GetMapping(value = "/devices/live", produces = "application/json")
    @ResponseBody
    List<Map<String, String>> liveList(@AuthenticationPrincipal ConsoleUser user, HttpSession session,
                                       @RequestParam(required = false) String cursor) {
        return rows(api.devices(user, session, cursor)).stream()
                .map(d -> Map.of("id", d.id(), "status", d.status(), "last_seen_at", d.lastSeenAt())).toList();
    }

    @GetMapping("/devices/{id}")
    String device(@AuthenticationPrincipal ConsoleUser user, HttpSession session, @PathVariable String id,
                  @RequestParam(required = false) String pin, @RequestParam(required = false) String range,
                  Model model) {
        DeviceRow device = DeviceRow.of(found(api.device(user, session, id, "")).body());
        List<DatastreamRow> datastreams = api.datastreams(user, session, device.templateId());
        HistoryRange span = HistoryRange.named(range == null ? "24h" : range).orElse(HistoryRange.DAY);
        DatastreamRow shown = datastreams.stream().filter(d -> d.pin().equals(pin) || d.name().equals(pin)).findFirst()
                .or(() -> datastreams.stream().filter(DatastreamRow::numeric).findFirst()).orElse(null);
        model.addAttribute("device", device);
        model.addAttribute("datastreams", datastreams);
        model.addAttribute("values", values(api.device(user, session, id, "/values")));
        model.addAttribute("commands", api.device(user, session, id, "/commands?limit=" + COMMANDS).body()
                .path("data").valueStream().map(CommandRow::of).toList());
        model.addAttribute("range", span.key());
        model.addAttribute("ranges", List.of(HistoryRange.values()).stream().map(HistoryRange::key).toList());
        model.addAttribute("shown", shown);
        if (shown != null) {
            model.addAttribute("history", history(user, session, id, shown, span));
        }
        return "devices/device";
    }

    @GetMapping(value = "/devices/{id}/live", produces = "application/json")
    @ResponseBody
    Map<String, Object> liveDevice(@AuthenticationPrincipal ConsoleUser user, HttpSession session,
                                   @PathVariable String id) {
        DeviceRow device = DeviceRow.of(found(api.device(user, session, id, "")).body());
        return Map.of("status", device.status(), "last_seen_at", device.lastSeenAt(),
                "values", values(api.device(user, session, id, "/values")));
    }

    private Object history(ConsoleUser user, HttpSession session, String id, DatastreamRow shown, HistoryRange span) {
        Instant to = clock.instant().truncatedTo(ChronoUnit.SECONDS).plusSeconds(1);
        Instant from = to.minus(span.span());
        String query = "from=" + from + "&to=" + to
                + (shown.numeric() ? "&agg=avg&interval=" + span.interval() : "&limit=50");
        ServiceAnswer answer = api.history(user, session, id, shown.pin(), query);
        JsonNode points = answer.body().path("points");
        if (shown.numeric()) {
            return HistoryChart.of(shown.label(), points, from, to);
        }
        return points.valueStream()
                .map(p -> Map.of("t", Times.shown(p.path("t").asString(), ""), "value", ValueRow.text(p.path("value"))))
                .toList().reversed();
    }

    private static ServiceAnswer found(ServiceAnswer answer) {
        if (answer.status() == 404 || answer.status() == 400) {
            throw new ResponseStatusException(HttpStatus.NOT_FOUND);
        }
        return answer;
    }

    private static List<DeviceRow> rows(ServiceAnswer devices) {
        return devices.body().path("data").valueStream().map(DeviceRow::of).toList();
    }

    private static List<ValueRow> values(ServiceAnswer values) {
        return values.body().path("values").valueStream().map(ValueRow::of).toList();
    }
}
