package dev.quintet.devices.web;

import dev.quintet.devices.properties.DatastreamProperties;
import dev.quintet.devices.templates.Datastream;
import dev.quintet.devices.values.HistoryPoint;
import dev.quintet.devices.values.HistoryQuery;
import dev.quintet.devices.values.LatestValue;
import dev.quintet.devices.values.Values;
import dev.quintet.platform.errors.ApiException;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Latest values (one, several, all), writes that become desired values, and history. */
@RestController
@RequestMapping("/api/v1/devices/{id}/values")
final class ValuesController {

    record ValueWrite(JsonNode value) {
    }

    record BatchWrite(Map<String, JsonNode> values) {
    }

    record ValuesView(List<ValueView> values, String delivery) {
    }

    record WriteView(ValueView value, String delivery) {
    }

    record HistoryView(String pin, String name, String agg, String interval, Instant from, Instant to,
                       List<HistoryPoint> points) {
    }

    private final DeviceAccess access;
    private final Values values;
    private final DatastreamProperties properties;
    private final Clock clock;

    ValuesController(DeviceAccess access, Values values, DatastreamProperties properties, Clock clock) {
        this.access = access;
        this.values = values;
        this.properties = properties;
        this.clock = clock;
    }

    @GetMapping
    ValuesView read(@PathVariable String id, @RequestParam(required = false) String pins, HttpServletRequest request) {
        DeviceAccess.Owned owned = access.find(id, request);
        List<Datastream> wanted = pins == null || pins.isBlank() ? owned.template().datastreams()
                : Arrays.stream(pins.split(",")).map(String::strip).map(owned::datastream).toList();
        return new ValuesView(views(owned, wanted), null);
    }

    @GetMapping("/{key}")
    ValueView readOne(@PathVariable String id, @PathVariable String key, HttpServletRequest request) {
        DeviceAccess.Owned owned = access.find(id, request);
        Datastream ds = owned.datastream(key);
        return views(owned, List.of(ds)).getFirst();
    }

    @PutMapping("/{key}")
    WriteView write(@PathVariable String id, @PathVariable String key, @RequestBody ValueWrite body,
                    HttpServletRequest request) {
        DeviceAccess.Owned owned = access.find(id, request);
        Datastream ds = owned.datastream(key);
        JsonNode value = ValueChecks.checked(ds, body.value(), "value");
        Values.Delivery delivery = values.write(owned.device().id(), owned.template(), Map.of(ds, value));
        return new WriteView(views(owned, List.of(ds)).getFirst(), delivery.name().toLowerCase());
    }

    @PostMapping
    ValuesView writeMany(@PathVariable String id, @RequestBody BatchWrite body, HttpServletRequest request) {
        DeviceAccess.Owned owned = access.find(id, request);
        if (body.values() == null || body.values().isEmpty()) {
            throw ApiException.invalidParameter("values", "values must map at least one pin or datastream name to a value");
        }
        Map<Datastream, JsonNode> checked = new LinkedHashMap<>();
        body.values().forEach((key, value) -> {
            Datastream ds = owned.template().datastream(key).orElseThrow(() -> ApiException.invalidParameter(
                    "values." + key, "values." + key + " names no datastream of this device"));
            checked.put(ds, ValueChecks.checked(ds, value, "values." + key));
        });
        Values.Delivery delivery = values.write(owned.device().id(), owned.template(), checked);
        return new ValuesView(views(owned, List.copyOf(checked.keySet())), delivery.name().toLowerCase());
    }

    /** The datastreams' latest values, with the properties the device set on them. */
    private List<ValueView> views(DeviceAccess.Owned owned, List<Datastream> datastreams) {
        Map<Integer, LatestValue> latest = values.read(owned.device().id());
        Map<Integer, ObjectNode> set = properties.of(owned.device().id());
        return datastreams.stream().map(ds -> ValueView.of(ds, latest.get(ds.pin()), set.get(ds.pin()))).toList();
    }

    @GetMapping("/{key}/history")
    HistoryView history(@PathVariable String id, @PathVariable String key, @RequestParam(required = false) String from,
                        @RequestParam(required = false) String to, @RequestParam(required = false) String agg,
                        @RequestParam(required = false) String interval, @RequestParam(required = false) Integer limit,
                        HttpServletRequest request) {
        DeviceAccess.Owned owned = access.find(id, request);
        Datastream ds = owned.datastream(key);
        HistoryQuery q = HistoryParameters.of(from, to, agg, interval, limit, clock.instant());
        return new HistoryView(ds.pinName(), ds.name(), q.agg().key(),
                q.interval() == null ? null : q.interval().toString(), q.from(), q.to(),
                values.history(owned.device().id(), ds.pin(), q));
    }
}
