package dev.quintet.console.devices;

import dev.quintet.console.web.Times;
import tools.jackson.databind.JsonNode;

/** A command sent to the device and where it stands. */
public record CommandRow(String id, String method, String params, String status, String createdAt, String outcome) {

    static CommandRow of(JsonNode c) {
        String outcome = !c.path("error").isMissingNode() ? c.path("error").asString()
                : ValueRow.text(c.path("result"));
        return new CommandRow(c.path("id").asString(), c.path("method").asString(""), ValueRow.text(c.path("params")),
                c.path("status").asString(""), Times.shown(c.path("created_at").asString(""), ""), outcome);
    }
}
