package dev.quintet.devices.traffic;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.quintet.devices.broker.DeviceSessions;
import dev.quintet.devices.broker.DeviceTopics;
import dev.quintet.devices.broker.DeviceTraffic;
import dev.quintet.devices.commands.CommandDispatch;
import dev.quintet.devices.limits.DeviceRateLimit;
import dev.quintet.devices.presence.Presence;
import dev.quintet.devices.registry.Device;
import dev.quintet.devices.registry.Devices;
import dev.quintet.devices.templates.Template;
import dev.quintet.devices.templates.Templates;
import dev.quintet.devices.values.ShadowDownlink;
import dev.quintet.devices.values.Values;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * The service side of the broker: keeps the device's presence in step with its MQTT session and signs of life,
 * applies its rate limit, sends waiting values (and the shadow's delta) and commands once it subscribes, and routes
 * uplink topics.
 */
public final class DeviceTrafficRouter implements DeviceTraffic {

    private final Devices devices;
    private final Templates templates;
    private final DeviceSessions sessions;
    private final Values values;
    private final CommandDispatch commands;
    private final UplinkMessages uplinks;
    private final ShadowUplinks shadowUplinks;
    private final ShadowDownlink shadowDownlink;
    private final Presence presence;
    private final DeviceRateLimit rateLimit;
    private final Cache<UUID, UUID> templateOf = Caffeine.newBuilder().maximumSize(100_000).build();

    public DeviceTrafficRouter(Devices devices, Templates templates, DeviceSessions sessions, Values values,
                               CommandDispatch commands, UplinkMessages uplinks, ShadowUplinks shadowUplinks,
                               ShadowDownlink shadowDownlink, Presence presence, DeviceRateLimit rateLimit) {
        this.devices = devices;
        this.templates = templates;
        this.sessions = sessions;
        this.values = values;
        this.commands = commands;
        this.uplinks = uplinks;
        this.shadowUplinks = shadowUplinks;
        this.shadowDownlink = shadowDownlink;
        this.presence = presence;
        this.rateLimit = rateLimit;
    }

    @Override
    public void sessionChanged(UUID deviceId) {
        sessions.exclusively(deviceId, () -> {
            boolean online = sessions.isConnected(deviceId);
            shadowDownlink.sessionChanged(deviceId);
            presence.session(deviceId, online);
            if (online) {
                sendWaiting(deviceId);
            } else {
                commands.sessionEnded(deviceId);
            }
            return null;
        });
    }

    @Override
    public void subscribed(UUID deviceId) {
        sendWaiting(deviceId);
    }

    @Override
    public boolean admit(UUID deviceId) {
        presence.seen(deviceId);
        return rateLimit.admit(deviceId);
    }

    @Override
    public void pinged(UUID deviceId) {
        presence.seen(deviceId);
    }

    @Override
    public CompletableFuture<Void> uplink(UUID deviceId, String topic, byte[] payload) {
        Optional<Template> template = template(deviceId);
        if (template.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        if (topic.startsWith(DeviceTopics.CMD) && topic.endsWith(DeviceTopics.RESULT)) {
            commands.answered(deviceId, topic.substring(DeviceTopics.CMD.length(), topic.length() - DeviceTopics.RESULT.length()),
                    payload);
            return CompletableFuture.completedFuture(null);
        }
        String text = new String(payload, StandardCharsets.UTF_8);
        if (DeviceTopics.isShadow(topic)) {
            return shadowUplinks.handle(deviceId, template.get(), topic, text);
        }
        return uplinks.handle(deviceId, template.get(), topic, text);
    }

    @Override
    public void acknowledged(UUID deviceId, String topic) {
        presence.seen(deviceId);
        commands.acknowledged(deviceId, topic);
    }

    private void sendWaiting(UUID deviceId) {
        template(deviceId).ifPresent(t -> values.send(deviceId, t));
        commands.send(deviceId);
    }

    private Optional<Template> template(UUID deviceId) {
        UUID templateId = templateOf.get(deviceId, id -> devices.byId(id).map(Device::templateId).orElse(null));
        return templateId == null ? Optional.empty() : templates.byId(templateId);
    }
}
