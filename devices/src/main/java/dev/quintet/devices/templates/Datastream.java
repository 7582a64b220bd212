package dev.quintet.devices.templates;

import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * One virtual pin of a template: {@code V0}..{@code V255} with a name (used in MQTT topics), a type, a unit, a
 * range for numeric types, the options of an enum, and a default value.
 */
public record Datastream(int pin, String name, DatastreamType type, String unit, Double min, Double max,
                         List<String> options, JsonNode defaultValue) {

    public static final int MAX_PIN = 255;

    public String pinName() {
        return "V" + pin;
    }

    /** The pin number of {@code V12}/{@code v12}, or -1 when the text is not a pin name. */
    public static int parsePin(String text) {
        if (text == null || text.length() < 2 || text.length() > 4 || (text.charAt(0) != 'V' && text.charAt(0) != 'v')) {
            return -1;
        }
        for (int i = 1; i < text.length(); i++) {
            if (!Character.isDigit(text.charAt(i))) {
                return -1;
            }
        }
        int pin = Integer.parseInt(text.substring(1));
        return pin <= MAX_PIN && (pin == 0 || text.charAt(1) != '0') ? pin : -1;
    }

    /** Whether {@code key} names this datastream, as {@code V1}, {@code v1} or by its name. */
    public boolean matches(String key) {
        return name.equals(key) || parsePin(key) == pin;
    }
}
