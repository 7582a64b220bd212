package dev.quintet.router;

import dev.quintet.platform.credits.Credits;
import dev.quintet.platform.quota.QuotaLimiter;
import dev.quintet.platform.tasks.PeriodicTask;
import dev.quintet.router.billing.Billing;
import dev.quintet.router.billing.FreeTier;
import dev.quintet.router.billing.KeyLimits;
import dev.quintet.router.billing.Ledger;
import dev.quintet.router.catalog.Catalog;
import dev.quintet.router.generations.GenerationIds;
import dev.quintet.router.generations.Generations;
import dev.quintet.router.providers.ConfiguredModel;
import dev.quintet.router.providers.ProviderConnections;
import dev.quintet.router.providers.RouterConfig;
import dev.quintet.router.providers.RouterEnvironment;
import dev.quintet.router.providers.ProviderAdapters;
import dev.quintet.router.providers.UpstreamHttp;
import dev.quintet.router.providers.anthropic.AnthropicProvider;
import dev.quintet.router.providers.gemini.GeminiProvider;
import dev.quintet.router.providers.openai.OpenAiCompatibleProvider;
import dev.quintet.router.routing.ChatRouter;
import dev.quintet.router.routing.EndpointDraw;
import dev.quintet.router.routing.EndpointHealth;
import dev.quintet.router.routing.EndpointSelector;
import dev.quintet.router.routing.FreeModels;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.databind.json.JsonMapper;

/** Wires the catalog, the provider connections, billing and the chat router from {@link RouterProperties}. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(RouterProperties.class)
class RouterConfiguration {

    /** How often holds on keys' limits past their expiry are deleted. */
    static final Duration KEY_HOLDS_TENDING = Duration.ofMinutes(1);

    /** The JSON mapper for wire bodies: no naming strategy, nulls kept, decimals written out in full. */
    static final JsonMapper WIRE = JsonMapper.builder().enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN).build();

    @Bean
    RouterConfig routerConfig(RouterProperties properties) {
        return properties.config() == null ? RouterConfig.empty() : RouterConfig.read(properties.config());
    }

    @Bean
    ProviderConnections providerConnections(ObjectProvider<RouterEnvironment> environment, RouterConfig config) {
        return new ProviderConnections(environment.getIfAvailable(RouterEnvironment::system), config);
    }

    @Bean
    Catalog catalog(RouterConfig config, Clock clock) {
        Catalog catalog = Catalog.bundled();
        long now = clock.instant().getEpochSecond();
        for (ConfiguredModel m : config.models()) {
            catalog = catalog.withEndpoint(m.id(), m.name(), now, m.endpoint());
        }
        return catalog;
    }

    @Bean
    UpstreamHttp upstreamHttp(RouterProperties properties) {
        return new UpstreamHttp(properties.connectTimeout(), properties.upstreamTimeout());
    }

    @Bean
    Ledger ledger(Credits credits, RouterProperties properties) {
        return new Ledger(credits, properties.billing().holdTtl());
    }

    @Bean
    FreeTier freeTier(QuotaLimiter limiter, Credits credits, RouterProperties properties, Clock clock) {
        RouterProperties.Free free = properties.free();
        return new FreeTier(limiter, credits, new FreeTier.Limits(free.perMinute(), free.perDay(),
                free.perDayWithCredit(), free.creditForHigherLimit()), clock);
    }

    @Bean
    KeyLimits keyLimits(JdbcClient jdbc, TransactionTemplate transactions, Clock clock, RouterProperties properties,
                        SecureRandom random) {
        return new KeyLimits(jdbc, transactions, clock, properties.billing().holdTtl(),
                random.nextInt(KeyLimits.SHARDS));
    }

    @Bean
    PeriodicTask keyHoldsTending(KeyLimits keyLimits) {
        return new PeriodicTask("key-holds", KEY_HOLDS_TENDING, keyLimits::tend);
    }

    @Bean
    Generations generations(DataSource dataSource, TransactionTemplate transactions, Credits credits,
                            KeyLimits keyLimits) {
        return new Generations(dataSource, transactions, credits, keyLimits);
    }

    @Bean
    EndpointHealth endpointHealth(RouterProperties properties, Clock clock) {
        RouterProperties.Routing routing = properties.routing();
        return new EndpointHealth(clock, routing.healthWindow(), routing.coolDown(), routing.maxCoolDown());
    }

    @Bean
    FreeModels freeModels(Catalog catalog, ProviderConnections connections) {
        return new FreeModels(catalog, connections);
    }

    @Bean
    ChatRouter chatRouter(Catalog catalog, ProviderConnections connections, RouterProperties properties,
                          UpstreamHttp upstream, Ledger ledger, FreeTier freeTier, KeyLimits keyLimits,
                          Generations generations,
                          SecureRandom random, Clock clock, EndpointHealth health,
                          ObjectProvider<EndpointDraw> draw, FreeModels freeModels) {
        long defaultMaxTokens = properties.billing().defaultMaxCompletionTokens();
        Billing billing = new Billing(ledger, freeTier, keyLimits, defaultMaxTokens);
        ProviderAdapters adapters = new ProviderAdapters(new OpenAiCompatibleProvider(upstream),
                new AnthropicProvider(upstream, clock, defaultMaxTokens),
                new GeminiProvider(upstream, clock, random, defaultMaxTokens));
        Long seed = properties.routing().seed();
        EndpointSelector selector = new EndpointSelector(catalog, connections, health, draw.getIfAvailable(
                () -> seed == null ? EndpointDraw.random() : EndpointDraw.seeded(seed)), adapters, freeModels);
        return new ChatRouter(selector, adapters, WIRE, properties.keepAliveInterval(), billing, generations,
                new GenerationIds(random, clock), clock, health);
    }
}
