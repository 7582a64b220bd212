package dev.quintet.devices.properties;

import dev.quintet.devices.templates.ValueRules;
import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code devices.datastream_properties} table: how a device asks apps to show each of its datastreams, set
 * through Blynk's {@code update/property} call and answered with the datastream's values. An update merges into
 * what was set before. Display only: the template's datastream still decides which values are valid.
 */
public final class DatastreamProperties {

    /** Every property a device may set, in the order its error names them. */
    public static final List<String> KNOWN = List.of("label", "color", "onLabel", "offLabel", "labels", "min", "max",
            "step", "isDisabled", "isHidden");
    static final int MAX_TEXT = 100;
    static final int MAX_LABELS = 64;
    private static final Pattern COLOR = Pattern.compile("#?[0-9A-Fa-f]{6}");

    private final JdbcClient jdbc;
    private final Clock clock;
    private final JsonMapper json;

    public DatastreamProperties(JdbcClient jdbc, Clock clock, JsonMapper json) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.json = json;
    }

    /**
     * The properties a request sets, checked: each name known, each value of its kind ({@code labels} may repeat;
     * every other property takes one value).
     *
     * @throws IllegalArgumentException naming the property and the rule
     */
    public static ObjectNode parse(Map<String, String[]> given) {
        if (given.isEmpty()) {
            throw new IllegalArgumentException("Give at least one property: " + String.join(", ", KNOWN) + ".");
        }
        ObjectNode properties = JsonNodeFactory.instance.objectNode();
        given.forEach((name, values) -> {
            if (!KNOWN.contains(name)) {
                throw new IllegalArgumentException("Unknown property '" + name + "'; known: " + String.join(", ", KNOWN)
                        + ".");
            }
            if (name.equals("labels")) {
                if (values.length > MAX_LABELS) {
                    throw new IllegalArgumentException("labels takes at most " + MAX_LABELS + " values.");
                }
                var labels = properties.putArray("labels");
                for (String label : values) {
                    labels.add(text(name, label));
                }
                return;
            }
            if (values.length != 1) {
                throw new IllegalArgumentException("Property '" + name + "' takes one value.");
            }
            String value = values[0];
            switch (name) {
                case "label", "onLabel", "offLabel" -> properties.put(name, text(name, value));
                case "color" -> properties.put(name, color(value));
                case "min", "max", "step" -> properties.put(name, number(name, value));
                default -> properties.put(name, flag(name, value)); // isDisabled, isHidden
            }
        });
        return properties;
    }

    /** Merges {@code properties} into what the device set on {@code pin} before. */
    public void update(UUID deviceId, int pin, ObjectNode properties) {
        jdbc.sql("""
                insert into devices.datastream_properties (device_id, pin, properties, updated_at)
                values (:device, :pin, cast(:properties as jsonb), :now)
                on conflict (device_id, pin) do update
                set properties = devices.datastream_properties.properties || excluded.properties,
                    updated_at = excluded.updated_at""")
                .param("device", deviceId).param("pin", pin).param("properties", json.writeValueAsString(properties))
                .param("now", Timestamp.from(clock.instant()))
                .update();
    }

    /** What the device set, by pin. */
    public Map<Integer, ObjectNode> of(UUID deviceId) {
        Map<Integer, ObjectNode> byPin = new HashMap<>();
        jdbc.sql("select pin, properties from devices.datastream_properties where device_id = :device")
                .param("device", deviceId)
                .query(rs -> {
                    byPin.put(rs.getInt("pin"), (ObjectNode) json.readTree(rs.getString("properties")));
                });
        return byPin;
    }

    private static String text(String name, String value) {
        if (value.length() > MAX_TEXT) {
            throw new IllegalArgumentException(name + " must be at most " + MAX_TEXT + " characters.");
        }
        return value;
    }

    private static String color(String value) {
        if (!COLOR.matcher(value).matches()) {
            throw new IllegalArgumentException("color must be six hex digits, as #D3435C or D3435C.");
        }
        return "#" + value.replace("#", "").toUpperCase(Locale.ROOT);
    }

    private static BigDecimal number(String name, String value) {
        BigDecimal number = ValueRules.decimal(value);
        if (number == null || Double.isInfinite(number.doubleValue())) {
            throw new IllegalArgumentException(name + " must be a number, got '" + value + "'.");
        }
        return number;
    }

    private static boolean flag(String name, String value) {
        return switch (value) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(name + " must be true or false, got '" + value + "'.");
        };
    }
}
