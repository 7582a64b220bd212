package dev.quintet.platform.quota;

import dev.quintet.platform.PlatformProperties;
import java.time.Clock;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Chooses the limiter: Redis when {@code QUINTET_REDIS_URL} is set, in memory otherwise. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(QuotaPolicy.class)
public class QuotaConfiguration {

    @Bean
    QuotaLimiter quotaLimiter(PlatformProperties properties, Clock clock) {
        if (properties.redisUrl().isBlank()) {
            return new InMemoryQuotaLimiter(clock);
        }
        return new RedisQuotaLimiter(properties.redisUrl(), "quintet:quota", clock);
    }
}
