package dev.quintet.devices.web;

import dev.quintet.devices.events.DeviceEvent;
import dev.quintet.devices.events.Events;
import dev.quintet.devices.paging.Cursor;
import dev.quintet.devices.paging.Page;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Instant;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/** A device's events, newest first. */
@RestController
final class EventsController {

    record EventView(Instant at, String kind, String code, String description, JsonNode data) {

        static EventView of(DeviceEvent e) {
            return new EventView(e.at(), e.kind(), e.code(), e.description(), e.data());
        }
    }

    private final DeviceAccess access;
    private final Events events;

    EventsController(DeviceAccess access, Events events) {
        this.access = access;
        this.events = events;
    }

    @GetMapping("/api/v1/devices/{id}/events")
    Page<EventView> list(@PathVariable String id, @RequestParam(required = false) String cursor,
                         @RequestParam(required = false) Integer limit, HttpServletRequest request) {
        DeviceAccess.Owned owned = access.find(id, request);
        return events.list(owned.device().id(), Cursor.decodeSequence(cursor), Cursor.limit(limit))
                .map(EventView::of);
    }
}
