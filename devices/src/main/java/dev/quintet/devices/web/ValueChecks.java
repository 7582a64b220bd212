package dev.quintet.devices.web;

import dev.quintet.devices.templates.Datastream;
import dev.quintet.devices.templates.ValueRejected;
import dev.quintet.devices.templates.ValueRules;
import dev.quintet.platform.errors.ApiException;
import tools.jackson.databind.JsonNode;

/** Checks a value an app writes to a datastream, naming the parameter that carried it when it breaks a rule. */
final class ValueChecks {

    private ValueChecks() {
    }

    static JsonNode checked(Datastream ds, JsonNode value, String param) {
        try {
            return ValueRules.fromApp(ds, value);
        } catch (ValueRejected e) {
            throw ApiException.invalidParameter(param, e.getMessage());
        }
    }
}
