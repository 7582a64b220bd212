package dev.quintet.console.devices;

import dev.quintet.console.web.Times;
import tools.jackson.databind.JsonNode;

/** A device as the pages show it, read from the devices API. */
public record DeviceRow(String id, String name, String templateId, String status, String lastSeenAt, String tokenHint) {

    static DeviceRow of(JsonNode d) {
        return new DeviceRow(d.path("id").asString(), d.path("name").asString(""), d.path("template_id").asString(""),
                d.path("status").asString("offline"), Times.shown(d.path("last_seen_at").asString(""), "never"),
                d.path("token_hint").asString(""));
    }
}
