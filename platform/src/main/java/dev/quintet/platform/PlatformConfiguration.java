package dev.quintet.platform;

import dev.quintet.platform.accounts.Accounts;
import dev.quintet.platform.credits.Credits;
import dev.quintet.platform.db.DatabaseConfiguration;
import dev.quintet.platform.keys.ApiKeys;
import dev.quintet.platform.quota.QuotaConfiguration;
import dev.quintet.platform.tasks.PeriodicTask;
import dev.quintet.platform.usage.UsageCounters;
import java.security.SecureRandom;
import java.time.Clock;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The shared, non-web parent context: database, accounts, keys, quotas and usage. Every app runs as a child of it.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(PlatformProperties.class)
@Import({DatabaseConfiguration.class, QuotaConfiguration.class})
public class PlatformConfiguration {

    @Bean
    @ConditionalOnMissingBean
    Clock clock() {
        return Clock.systemUTC();
    }

    @Bean
    SecureRandom secureRandom() {
        return new SecureRandom();
    }

    @Bean
    Accounts accounts(JdbcClient jdbc, Clock clock) {
        return new Accounts(jdbc, clock);
    }

    @Bean
    ApiKeys apiKeys(JdbcClient jdbc, Clock clock, SecureRandom random, PlatformProperties properties) {
        return new ApiKeys(jdbc, clock, random, properties.keyCacheTtl());
    }

    @Bean
    Credits credits(JdbcClient jdbc, TransactionTemplate transactions, Clock clock) {
        return new Credits(jdbc, transactions, clock);
    }

    @Bean
    PeriodicTask creditLeaseTending(Credits credits) {
        return new PeriodicTask("credit-leases", Credits.TENDING, credits::tend);
    }

    @Bean(destroyMethod = "close")
    UsageCounters usageCounters(JdbcClient jdbc, ApiKeys keys, Clock clock, PlatformProperties properties) {
        return new UsageCounters(jdbc, keys, clock, properties.usageFlushInterval());
    }
}
