package dev.quintet.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.platform.keys.IssuedKey;
import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.platform.testing.TestPlatform;
import dev.quintet.platform.usage.UsageCounters;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Per-key, per-service quotas on every API-key service: 429, Retry-After, headers, windows that reset. */
class QuotaContractTest {

    static final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T10:00:20Z"));
    static TestPlatform platform;
    static KeyedServices services;

    @BeforeAll
    static void start() {
        platform = TestPlatform.start(clock,
                "--quintet.quota.free.default.per-minute=3", "--quintet.quota.free.default.per-day=5");
        services = new KeyedServices(platform);
    }

    @AfterAll
    static void stop() {
        platform.close();
    }

    static Stream<String> keyed() {
        return KeyedServices.NAMES.stream();
    }

    private HttpResponse<String> call(String service, IssuedKey key) {
        return Http.get(services.url(service) + "/api/v1/whoami", "Authorization", "Bearer " + key.secret());
    }

    @ParameterizedTest
    @MethodSource("keyed")
    void returns429WithRetryAfterWhenMinuteQuotaIsSpentAndAdmitsAgainNextMinute(String service) {
        clock.set(Instant.parse("2026-03-01T10:00:20Z"));
        IssuedKey key = platform.newKey(service);

        HttpResponse<String> first = call(service, key);
        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.headers().firstValue("RateLimit-Policy"))
                .hasValue("\"minute\";q=3;w=60, \"day\";q=5;w=86400");
        assertThat(first.headers().firstValue("RateLimit")).hasValue("\"minute\";r=2;t=40, \"day\";r=4;t=50380");
        assertThat(first.headers().firstValue("X-RateLimit-Limit")).hasValue("3");
        assertThat(first.headers().firstValue("X-RateLimit-Remaining")).hasValue("2");
        assertThat(first.headers().firstValue("X-RateLimit-Reset")).hasValue("40");
        assertThat(call(service, key).statusCode()).isEqualTo(200);
        assertThat(call(service, key).statusCode()).isEqualTo(200);

        HttpResponse<String> refused = call(service, key);
        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(refused.headers().firstValue("Retry-After")).hasValue("40");
        assertThat(refused.headers().firstValue("RateLimit")).hasValue("\"minute\";r=0;t=40, \"day\";r=2;t=50380");
        assertThat(refused.headers().firstValue("Content-Type").orElseThrow()).startsWith(KeyedServices.errorContentType(service));
        assertThat(KeyedServices.errorCode(service, refused)).isEqualTo("rate_limited");
        assertThat(KeyedServices.errorMessage(service, refused)).contains("per-minute");

        clock.advance(Duration.ofSeconds(40));
        HttpResponse<String> nextMinute = call(service, key);
        assertThat(nextMinute.statusCode()).isEqualTo(200);
        assertThat((Integer) JsonPath.read(nextMinute.body(), "$.quota.minute.remaining")).isEqualTo(2);
        assertThat((Integer) JsonPath.read(nextMinute.body(), "$.quota.day.remaining")).isEqualTo(1);
    }

    @ParameterizedTest
    @MethodSource("keyed")
    void returns429UntilMidnightWhenDayQuotaIsSpent(String service) {
        clock.set(Instant.parse("2026-03-01T23:50:00Z"));
        IssuedKey key = platform.newKey(service);
        for (int i = 0; i < 5; i++) {
            assertThat(call(service, key).statusCode()).isEqualTo(200);
            clock.advance(Duration.ofMinutes(1));
        }
        HttpResponse<String> refused = call(service, key);
        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(refused.headers().firstValue("Retry-After")).hasValue(Long.toString(5 * 60));
        assertThat(KeyedServices.errorMessage(service, refused)).contains("per-day");

        clock.set(Instant.parse("2026-03-02T00:00:00Z"));
        assertThat(call(service, key).statusCode()).isEqualTo(200);
    }

    @ParameterizedTest
    @MethodSource("keyed")
    void quotasAreCountedPerKeyAndRecordedForTheDashboard(String service) {
        clock.set(Instant.parse("2026-03-03T12:00:00Z"));
        IssuedKey spent = platform.newKey(service);
        IssuedKey fresh = platform.newKey(service);
        for (int i = 0; i < 4; i++) {
            call(service, spent);
        }
        assertThat(call(service, fresh).statusCode()).isEqualTo(200);

        UsageCounters usage = platform.bean(UsageCounters.class);
        usage.flush();
        assertThat(usage.ofAccount(spent.key().accountId(), 30))
                .singleElement()
                .satisfies(day -> {
                    assertThat(day.service()).isEqualTo(service);
                    assertThat(day.day()).hasToString("2026-03-03");
                    assertThat(day.requests()).isEqualTo(3);
                    assertThat(day.throttled()).isEqualTo(1);
                });
    }
}
