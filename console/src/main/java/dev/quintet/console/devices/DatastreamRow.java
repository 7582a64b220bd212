package dev.quintet.console.devices;

import java.util.List;
import tools.jackson.databind.JsonNode;

/** A datastream of the device's template: what a value may be. */
public record DatastreamRow(String pin, String name, String type, String unit, List<String> options) {

    static DatastreamRow of(JsonNode d) {
        return new DatastreamRow(d.path("pin").asString(), d.path("name").asString(""), d.path("type").asString(""),
                d.path("unit").asString(""), d.path("options").valueStream().map(JsonNode::asString).toList());
    }

    public boolean numeric() {
        return type.equals("integer") || type.equals("double");
    }

    public String label() {
        return pin + (name.isEmpty() ? "" : " · " + name) + (unit.isEmpty() ? "" : " (" + unit + ")");
    }
}
