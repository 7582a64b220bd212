package dev.quintet.devices.external;

/**
 * How this node uses an external broker.
 *
 * @param url the broker, with this service's credentials
 * @param topics where device topics live
 * @param shareGroup the shared-subscription group of the service's nodes; one group shares each message once
 * @param clientId this node's client id
 * @param persistentSession whether the broker keeps this node's session (and its unacknowledged messages) while the
 *                          node is away: on with a stable client id, so a restarted node gets what it had not stored
 */
public record ExternalSettings(BrokerUrl url, BrokerTopics topics, String shareGroup, String clientId,
                               boolean persistentSession) {

    /** The environment variable that turns external-broker mode on. */
    public static final String URL_VARIABLE = "QUINTET_MQTT_URL";

    public ExternalSettings {
        if (shareGroup == null || !shareGroup.matches("[A-Za-z0-9_.-]{1,64}")) {
            throw new IllegalArgumentException("the MQTT share group must be 1..64 letters, digits, '_', '.', '-', got '"
                    + shareGroup + "'");
        }
        if (clientId == null || clientId.isBlank() || clientId.length() > 64) {
            throw new IllegalArgumentException("the MQTT client id must be 1..64 characters, got '" + clientId + "'");
        }
    }
}
