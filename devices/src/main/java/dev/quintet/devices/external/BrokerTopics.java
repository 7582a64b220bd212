package dev.quintet.devices.external;

import dev.quintet.devices.broker.DeviceTopics;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The topic layout on an external broker: a device's topics are those of {@link DeviceTopics} under
 * {@code {root}/{deviceId}/}, so the topic names the device and the broker's access rules (user name = device id)
 * keep each device to its own. Its status, {@code online} or {@code offline}, is retained on {@code {root}/{id}/status}.
 */
public record BrokerTopics(String root) {

    private static final Pattern ROOT = Pattern.compile("[A-Za-z0-9_.-]{1,64}(/[A-Za-z0-9_.-]{1,64})*");

    /** A device and a topic relative to it. */
    public record Addressed(UUID deviceId, String topic) {
    }

    public BrokerTopics {
        if (root == null || !ROOT.matcher(root).matches()) {
            throw new IllegalArgumentException("the MQTT topic root must be segments of letters, digits, '_', '.', '-' "
                    + "separated by '/', got '" + root + "'");
        }
    }

    /** The device's topic {@code relative} on the broker. */
    public String absolute(UUID deviceId, String relative) {
        return root + "/" + deviceId + "/" + relative;
    }

    /** The uplink filters, each shared among the nodes of {@code group}. */
    public List<String> sharedUplinks(String group) {
        return List.of("ds/+", DeviceTopics.BATCH, "event/+", "get/#", DeviceTopics.UPDATE_SHADOW, DeviceTopics.INFO,
                "cmd/+/result").stream().map(t -> "$share/" + group + "/" + root + "/+/" + t).toList();
    }

    /** Every device's retained status, which each node reads whole. */
    public String statuses() {
        return root + "/+/" + DeviceTopics.STATUS;
    }

    /** The device and its relative topic; empty for a topic outside the layout. */
    public Optional<Addressed> parse(String topic) {
        String prefix = root + "/";
        if (topic == null || !topic.startsWith(prefix)) {
            return Optional.empty();
        }
        int slash = topic.indexOf('/', prefix.length());
        if (slash < 0) {
            return Optional.empty();
        }
        try {
            UUID device = UUID.fromString(topic.substring(prefix.length(), slash));
            return Optional.of(new Addressed(device, topic.substring(slash + 1)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
