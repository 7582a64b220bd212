package dev.quintet.console.devices;

import dev.quintet.console.web.Times;
import tools.jackson.databind.JsonNode;

/** A datastream's latest value: the current one, when the device reported, and a desired value still on its way. */
public record ValueRow(String pin, String name, String value, String reportedAt, String desired, boolean pending) {

    static ValueRow of(JsonNode v) {
        return new ValueRow(v.path("pin").asString(), v.path("name").asString(""), text(v.path("value")),
                Times.shown(v.path("reported_at").asString(""), ""), text(v.path("desired")), v.path("pending").asBoolean(false));
    }

    static String text(JsonNode value) {
        if (value.isMissingNode() || value.isNull()) {
            return "";
        }
        return value.isString() ? value.asString() : value.toString();
    }
}
