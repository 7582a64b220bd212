package dev.quintet.devices;

import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of the device service ({@code quintet.devices.*}, or {@code QUINTET_DEVICES_*} in the environment).
 *
 * @param mqttPort the embedded broker's port; unset means {@code QUINTET_MQTT_PORT}, else 1883; 0 takes any free port
 * @param mqttBindAddress the address the broker listens on
 * @param mqttDataDir the broker's folder; unset means {@code mqtt} under {@code QUINTET_DATA_DIR}
 * @param mqttUrl an external broker ({@code mqtt://user:password@host:1883}) to connect to instead of embedding one;
 *                unset means {@code QUINTET_MQTT_URL}, and when that is unset too the broker is embedded
 * @param mqttTopicRoot on an external broker, the first topic level above each device's id
 * @param mqttShareGroup on an external broker, the shared-subscription group the service's nodes share uplinks in
 * @param mqttClientId on an external broker, this node's client id; when set the broker keeps the node's session
 *                     while it is away; unset means a random id and a clean session
 * @param reportWriters threads writing device reports, each with its own transaction
 * @param reportBatchSize the most device reports stored in one transaction
 * @param historyRetention how long reported values are kept in the history
 * @param historySweepInterval how often history past its retention is deleted
 * @param commandSweepInterval how often overdue commands are ended (expired, timed out)
 * @param commandTimeout the default time a sent command has to be acknowledged or answered
 * @param commandExpiry the default time a command may wait for an offline device
 * @param templateCacheTtl how long a template read for device traffic is trusted (changes on this node apply at once)
 * @param heartbeatTimeout how long an online device may stay silent before it goes offline; an MQTT session gets at
 *                         least 1.5 times the keep-alive it asked for
 * @param heartbeatSweepInterval how often devices silent past their heartbeat timeout are marked offline
 * @param deviceRate messages per second a device may send, MQTT and device HTTP API together
 * @param deviceBurst messages a device may send at once above its rate, after a quiet spell
 * @param streamsPerKey live streams one API key may hold open at once
 * @param streamKeepAlive how long a live stream stays quiet before a keep-alive comment is sent
 * @param streamRetention how long a device's changes are kept for streams that resume, and how long a device stays
 *                        watched after its last stream closed
 */
@ConfigurationProperties("quintet.devices")
public record DevicesProperties(
        Integer mqttPort,
        @DefaultValue("0.0.0.0") String mqttBindAddress,
        Path mqttDataDir,
        String mqttUrl,
        @DefaultValue("devices") String mqttTopicRoot,
        @DefaultValue("quintet") String mqttShareGroup,
        String mqttClientId,
        @DefaultValue("2") int reportWriters,
        @DefaultValue("1000") int reportBatchSize,
        @DefaultValue("90d") Duration historyRetention,
        @DefaultValue("1h") Duration historySweepInterval,
        @DefaultValue("1s") Duration commandSweepInterval,
        @DefaultValue("30s") Duration commandTimeout,
        @DefaultValue("24h") Duration commandExpiry,
        @DefaultValue("5s") Duration templateCacheTtl,
        @DefaultValue("90s") Duration heartbeatTimeout,
        @DefaultValue("5s") Duration heartbeatSweepInterval,
        @DefaultValue("50") double deviceRate,
        @DefaultValue("100") int deviceBurst,
        @DefaultValue("10") int streamsPerKey,
        @DefaultValue("15s") Duration streamKeepAlive,
        @DefaultValue("5m") Duration streamRetention) {

    public DevicesProperties {
        positive(heartbeatTimeout, "heartbeat-timeout");
        positive(heartbeatSweepInterval, "heartbeat-sweep-interval");
        positive(streamKeepAlive, "stream-keep-alive");
        positive(streamRetention, "stream-retention");
        positive(historyRetention, "history-retention");
        positive(historySweepInterval, "history-sweep-interval");
        if (reportWriters < 1 || reportWriters > 64) {
            throw new IllegalArgumentException("quintet.devices.report-writers must be 1..64, got " + reportWriters);
        }
        if (reportBatchSize < 1 || reportBatchSize > 10_000) {
            throw new IllegalArgumentException("quintet.devices.report-batch-size must be 1..10000, got " + reportBatchSize);
        }
        if (!(deviceRate > 0)) {
            throw new IllegalArgumentException("quintet.devices.device-rate must be above 0, got " + deviceRate);
        }
        if (deviceBurst < 1) {
            throw new IllegalArgumentException("quintet.devices.device-burst must be at least 1, got " + deviceBurst);
        }
        if (streamsPerKey < 1) {
            throw new IllegalArgumentException("quintet.devices.streams-per-key must be at least 1, got " + streamsPerKey);
        }
    }

    private static void positive(Duration value, String name) {
        if (value == null || value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException("quintet.devices." + name + " must be positive, got " + value);
        }
    }
}
