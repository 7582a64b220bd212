package dev.quintet.devices;

import dev.quintet.devices.broker.DeviceSessions;
import dev.quintet.devices.broker.MqttBroker;
import dev.quintet.devices.broker.MqttSettings;
import dev.quintet.devices.commands.CommandDispatch;
import dev.quintet.devices.commands.CommandSweep;
import dev.quintet.devices.commands.Commands;
import dev.quintet.devices.events.Events;
import dev.quintet.devices.external.BrokerTopics;
import dev.quintet.devices.external.BrokerUrl;
import dev.quintet.devices.external.ExternalBroker;
import dev.quintet.devices.external.ExternalSettings;
import dev.quintet.devices.limits.DeviceRateLimit;
import dev.quintet.devices.limits.LocalRateBuckets;
import dev.quintet.devices.limits.RateBuckets;
import dev.quintet.devices.limits.RedisRateBuckets;
import dev.quintet.devices.limits.TokenBucket;
import dev.quintet.devices.live.LiveFeed;
import dev.quintet.devices.presence.HeartbeatSweep;
import dev.quintet.devices.presence.Presence;
import dev.quintet.devices.properties.DatastreamProperties;
import dev.quintet.devices.registry.Device;
import dev.quintet.platform.tasks.PeriodicTask;
import dev.quintet.devices.registry.DeviceTokens;
import dev.quintet.devices.registry.Devices;
import dev.quintet.devices.templates.Templates;
import dev.quintet.devices.traffic.DeviceTrafficRouter;
import dev.quintet.devices.traffic.ShadowUplinks;
import dev.quintet.devices.traffic.UplinkMessages;
import dev.quintet.devices.values.HistoryRetention;
import dev.quintet.devices.values.LatestValues;
import dev.quintet.devices.values.ReportWriter;
import dev.quintet.devices.values.ShadowDownlink;
import dev.quintet.devices.values.ShadowVersions;
import dev.quintet.devices.values.ValueHistory;
import dev.quintet.devices.values.Values;
import dev.quintet.platform.PlatformProperties;
import dev.quintet.platform.db.SchemaMigrations;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;
import javax.sql.DataSource;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.DependsOn;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * Wires the device service: schema, stores, the batched report writer, the live feed, presence, rate limits, the
 * MQTT side (an embedded broker, or a client of an external one) and sweeps.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(DevicesProperties.class)
class DevicesConfiguration {

    @Bean
    InitializingBean devicesSchema(DataSource dataSource) {
        return () -> SchemaMigrations.migrate(dataSource, "devices");
    }

    @Bean
    @DependsOn("devicesSchema")
    Templates templates(JdbcClient jdbc, TransactionTemplate tx, Clock clock, JsonMapper json, DevicesProperties p) {
        return new Templates(jdbc, tx, clock, json, p.templateCacheTtl());
    }

    @Bean
    @DependsOn("devicesSchema")
    Devices devices(JdbcClient jdbc, Clock clock, JsonMapper json, SecureRandom random) {
        return new Devices(jdbc, clock, json, new DeviceTokens(random));
    }

    @Bean
    DatastreamProperties datastreamProperties(JdbcClient jdbc, Clock clock, JsonMapper json) {
        return new DatastreamProperties(jdbc, clock, json);
    }

    @Bean
    @DependsOn("devicesSchema")
    LiveFeed liveFeed(JdbcClient jdbc, TransactionTemplate tx, DataSource dataSource, JsonMapper json, Clock clock,
                      DevicesProperties p) {
        return new LiveFeed(jdbc, tx, dataSource, json, clock, p.streamRetention());
    }

    @Bean
    PeriodicTask scheduledLiveWatches(LiveFeed feed) {
        return new PeriodicTask("live-watches", LiveFeed.RENEW_EVERY, feed::maintain);
    }

    @Bean
    PeriodicTask scheduledLiveSweep(LiveFeed feed) {
        return new PeriodicTask("live-sweep", Duration.ofMinutes(1), feed::sweep);
    }

    @Bean
    Events events(JdbcClient jdbc, TransactionTemplate tx, Clock clock, JsonMapper json, LiveFeed feed) {
        return new Events(jdbc, tx, clock, json, feed);
    }

    @Bean
    Presence presence(Devices devices, Events events, LiveFeed feed, TransactionTemplate tx, Clock clock,
                      DevicesProperties p) {
        return new Presence(devices, events, feed, tx, clock, p.heartbeatTimeout());
    }

    @Bean
    HeartbeatSweep heartbeatSweep(Devices devices, DeviceSessions sessions, Presence presence, Clock clock,
                                  DevicesProperties p) {
        return new HeartbeatSweep(devices, sessions, presence, clock, p.heartbeatTimeout());
    }

    @Bean
    PeriodicTask scheduledHeartbeatSweep(HeartbeatSweep sweep, DevicesProperties p) {
        return new PeriodicTask("heartbeat-sweep", p.heartbeatSweepInterval(), sweep::runOnce);
    }

    /** The devices' buckets in the platform's Redis when it has one (shared by all nodes), else in memory. */
    @Bean(destroyMethod = "close")
    RateBuckets rateBuckets(PlatformProperties platform, DevicesProperties p) {
        TokenBucket bucket = new TokenBucket(p.deviceRate(), p.deviceBurst());
        return platform.redisUrl().isBlank() ? new LocalRateBuckets(bucket)
                : new RedisRateBuckets(platform.redisUrl(), "quintet:devices:rate", bucket);
    }

    @Bean
    DeviceRateLimit deviceRateLimit(RateBuckets buckets, Events events, Clock clock) {
        return new DeviceRateLimit(buckets, events, clock);
    }

    @Bean
    DeviceSessions deviceSessions() {
        return new DeviceSessions();
    }

    @Bean
    LatestValues latestValues(JdbcClient jdbc, JsonMapper json) {
        return new LatestValues(jdbc, json);
    }

    @Bean
    ValueHistory valueHistory(JdbcClient jdbc, JsonMapper json) {
        return new ValueHistory(jdbc, json);
    }

    @Bean
    ShadowVersions shadowVersions(JdbcClient jdbc) {
        return new ShadowVersions(jdbc);
    }

    @Bean
    ReportWriter reportWriter(LatestValues latest, ValueHistory history, ShadowVersions versions, Events events,
                              LiveFeed feed, TransactionTemplate tx, DevicesProperties p) {
        return new ReportWriter(latest, history, versions, events, feed, tx,
                new ReportWriter.Batching(p.reportWriters(), p.reportBatchSize()));
    }

    @Bean
    ShadowDownlink shadowDownlink(DeviceSessions sessions, JsonMapper json) {
        return new ShadowDownlink(sessions, json);
    }

    @Bean
    Values values(LatestValues latest, ValueHistory history, ShadowVersions versions, ReportWriter writer,
                  DeviceSessions sessions, ShadowDownlink shadowDownlink, LiveFeed feed, TransactionTemplate tx,
                  Clock clock) {
        return new Values(latest, history, versions, writer, sessions, shadowDownlink, feed, tx, clock);
    }

    @Bean
    HistoryRetention historyRetention(ValueHistory history, Clock clock, DevicesProperties p) {
        return new HistoryRetention(history, clock, p.historyRetention());
    }

    @Bean
    PeriodicTask scheduledHistorySweep(HistoryRetention retention, DevicesProperties p) {
        return new PeriodicTask("history-sweep", p.historySweepInterval(), retention::runOnce);
    }

    @Bean
    Commands commands(JdbcClient jdbc, TransactionTemplate tx, JsonMapper json, LiveFeed feed) {
        return new Commands(jdbc, tx, json, feed);
    }

    @Bean
    CommandDispatch commandDispatch(Commands commands, DeviceSessions sessions, JsonMapper json, Clock clock) {
        return new CommandDispatch(commands, sessions, json, clock);
    }

    @Bean
    CommandSweep commandSweep(Commands commands, Clock clock) {
        return new CommandSweep(commands, clock);
    }

    @Bean
    PeriodicTask scheduledCommandSweep(CommandSweep sweep, DevicesProperties p) {
        return new PeriodicTask("command-sweep", p.commandSweepInterval(), sweep::runOnce);
    }

    @Bean
    UplinkMessages uplinkMessages(Values values, Events events, JsonMapper json) {
        return new UplinkMessages(values, events, json);
    }

    @Bean
    ShadowUplinks shadowUplinks(Values values, UplinkMessages uplinks, ShadowDownlink downlink, JsonMapper json) {
        return new ShadowUplinks(values, uplinks, downlink, json);
    }

    @Bean
    DeviceTrafficRouter deviceTrafficRouter(Devices devices, Templates templates, DeviceSessions sessions, Values values,
                                            CommandDispatch commands, UplinkMessages uplinks,
                                            ShadowUplinks shadowUplinks, ShadowDownlink shadowDownlink,
                                            Presence presence, DeviceRateLimit rateLimit) {
        return new DeviceTrafficRouter(devices, templates, sessions, values, commands, uplinks, shadowUplinks,
                shadowDownlink, presence, rateLimit);
    }

    @Bean
    @Conditional(MqttMode.Embedded.class)
    MqttBroker mqttBroker(DevicesProperties p, Environment env, PlatformProperties platform, Devices devices,
                          DeviceSessions sessions, DeviceTrafficRouter router) {
        devices.markAllOffline();
        int port = p.mqttPort() != null ? p.mqttPort()
                : env.getProperty(MqttSettings.PORT_VARIABLE, Integer.class, MqttSettings.DEFAULT_PORT);
        Path folder = p.mqttDataDir() != null ? p.mqttDataDir() : platform.dataDir().resolve("mqtt");
        return new MqttBroker(new MqttSettings(p.mqttBindAddress(), port, folder),
                token -> devices.byToken(token).map(Device::id), sessions, router);
    }

    /** No device is marked offline at start: the retained statuses on the broker say who is connected. */
    @Bean
    @Conditional(MqttMode.External.class)
    ExternalBroker externalBroker(DevicesProperties p, Environment env, DeviceSessions sessions,
                                  DeviceTrafficRouter router) {
        String clientId = p.mqttClientId() != null && !p.mqttClientId().isBlank() ? p.mqttClientId()
                : "quintet-" + UUID.randomUUID();
        return new ExternalBroker(new ExternalSettings(BrokerUrl.parse(MqttMode.externalUrl(env)),
                new BrokerTopics(p.mqttTopicRoot()), p.mqttShareGroup(), clientId,
                p.mqttClientId() != null && !p.mqttClientId().isBlank()), sessions, router);
    }
}
