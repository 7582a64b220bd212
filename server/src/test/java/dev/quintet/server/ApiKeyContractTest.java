package dev.quintet.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.accounts.Accounts;
import dev.quintet.platform.keys.ApiKeys;
import dev.quintet.platform.keys.IssuedKey;
import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.platform.testing.TestPlatform;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** DESIGN.md §4 authentication, run against the real port of every API-key service. */
class ApiKeyContractTest {

    static final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T10:00:00Z"));
    static TestPlatform platform;
    static KeyedServices services;

    @BeforeAll
    static void start() {
        platform = TestPlatform.start(clock, "--quintet.key-cache-ttl=0s");
        services = new KeyedServices(platform);
    }

    @AfterAll
    static void stop() {
        platform.close();
    }

    static Stream<String> keyed() {
        return KeyedServices.NAMES.stream();
    }

    private String whoami(String service) {
        return services.url(service) + "/api/v1/whoami";
    }

    @ParameterizedTest
    @MethodSource("keyed")
    void acceptsKeyAsBearerToken(String service) {
        IssuedKey key = platform.newKey(service);
        HttpResponse<String> response = Http.get(whoami(service), "Authorization", "Bearer " + key.secret());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat((String) JsonPath.read(response.body(), "$.account_id")).isEqualTo(key.key().accountId().toString());
        assertThat((String) JsonPath.read(response.body(), "$.key_prefix")).isEqualTo(key.key().prefix());
        assertThat((List<String>) JsonPath.read(response.body(), "$.services")).containsExactly(service);
        assertThat(response.headers().firstValue("RateLimit-Policy")).isPresent();
        assertThat(response.headers().firstValue("X-Request-Id")).isPresent();
        assertThat(response.body()).doesNotContain("null");
    }

    @ParameterizedTest
    @MethodSource("keyed")
    void acceptsKeyAsApiKeyQueryParameter(String service) {
        IssuedKey key = platform.newKey(service);
        HttpResponse<String> response = Http.get(whoami(service) + "?api_key=" + key.secret());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat((String) JsonPath.read(response.body(), "$.key_prefix")).isEqualTo(key.key().prefix());
    }

    @ParameterizedTest
    @MethodSource("keyed")
    void returns401WithChallengeWhenKeyIsMissing(String service) {
        HttpResponse<String> response = Http.get(whoami(service));

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.headers().firstValue("WWW-Authenticate")).hasValue("Bearer realm=\"" + service + "\"");
        assertThat(response.headers().firstValue("Content-Type").orElseThrow()).startsWith(KeyedServices.errorContentType(service));
        assertThat(KeyedServices.errorCode(service, response)).isEqualTo("missing_api_key");
        assertThat(KeyedServices.errorMessage(service, response)).contains("Authorization: Bearer", "api_key");
    }

    static Stream<Arguments> misplacedKeys() {
        return keyed().flatMap(service -> Stream.of(
                Arguments.of(service, "header X-API-Key", "", new String[] {"X-API-Key", "%s"}),
                Arguments.of(service, "header Api-Key", "", new String[] {"Api-Key", "%s"}),
                Arguments.of(service, "Authorization without Bearer", "", new String[] {"Authorization", "%s"}),
                Arguments.of(service, "Authorization with Token scheme", "", new String[] {"Authorization", "Token %s"}),
                Arguments.of(service, "query apikey", "?apikey=%s", new String[0]),
                Arguments.of(service, "query key", "?key=%s", new String[0]),
                Arguments.of(service, "query token", "?token=%s", new String[0]),
                Arguments.of(service, "query access_token", "?access_token=%s", new String[0])));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("misplacedKeys")
    void returns401NamingTheAcceptedFormsWhenKeyIsMisplaced(String service, String where, String query, String[] header) {
        IssuedKey key = platform.newKey(service);
        String[] headers = header.length == 0 ? new String[0] : new String[] {header[0], header[1].formatted(key.secret())};
        HttpResponse<String> response = Http.get(whoami(service) + query.formatted(key.secret()), headers);

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.headers().firstValue("WWW-Authenticate")).hasValueSatisfying(v -> assertThat(v).startsWith("Bearer realm="));
        assertThat(KeyedServices.errorCode(service, response)).isEqualTo("misplaced_api_key");
        assertThat(KeyedServices.errorMessage(service, response))
                .contains("'Authorization: Bearer <key>'", "'api_key'")
                .doesNotContain(key.secret());
    }

    @ParameterizedTest
    @MethodSource("keyed")
    void returns401NamingTheAcceptedFormsWhenKeyIsInTheBody(String service) {
        IssuedKey key = platform.newKey(service);
        HttpResponse<String> response = Http.send("POST", whoami(service),
                "{\"api_key\":\"" + key.secret() + "\"}", "Content-Type", "application/json");

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(KeyedServices.errorCode(service, response)).isEqualTo("misplaced_api_key");
        assertThat(KeyedServices.errorMessage(service, response)).contains("request body");
    }

    @ParameterizedTest
    @MethodSource("keyed")
    void returns401ForMalformedUnknownAndRevokedKeys(String service) {
        IssuedKey key = platform.newKey(service);
        String broken = key.secret().substring(0, key.secret().length() - 1) + (key.secret().endsWith("A") ? "B" : "A");
        assertRefused(service, broken, "malformed_api_key");
        assertRefused(service, "sk-or-v1-0123456789abcdef", "malformed_api_key");

        IssuedKey other = platform.newKey(service);
        platform.bean(ApiKeys.class).revoke(other.key().accountId(), other.key().id());
        assertRefused(service, other.secret(), "revoked_api_key");

        String unknown = dev.quintet.platform.keys.KeyFormat.generate(new java.util.Random(42));
        assertRefused(service, unknown, "unknown_api_key");
    }

    @ParameterizedTest
    @MethodSource("keyed")
    void acceptsAConsoleKeyUntilItExpiresAndKeepsItOutOfTheKeyList(String service) {
        Account account = platform.newAccount();
        ApiKeys keys = platform.bean(ApiKeys.class);
        IssuedKey key = keys.createForConsole(account.id(), service, Duration.ofSeconds(30));

        assertThat(Http.get(whoami(service), "Authorization", "Bearer " + key.secret()).statusCode()).isEqualTo(200);
        assertThat(keys.ofAccount(account.id())).isEmpty();

        clock.advance(Duration.ofSeconds(30));
        assertRefused(service, key.secret(), "expired_api_key");
    }

    private void assertRefused(String service, String secret, String code) {
        HttpResponse<String> response = Http.get(whoami(service), "Authorization", "Bearer " + secret);
        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.headers().firstValue("WWW-Authenticate"))
                .hasValue("Bearer realm=\"" + service + "\", error=\"invalid_token\"");
        assertThat(KeyedServices.errorCode(service, response)).isEqualTo(code);
    }

    @ParameterizedTest
    @MethodSource("keyed")
    void returns403WhenKeyIsNotEnabledForTheService(String service) {
        String other = KeyedServices.NAMES.stream().filter(s -> !s.equals(service)).findFirst().orElseThrow();
        IssuedKey key = platform.newKey(other);
        HttpResponse<String> response = Http.get(whoami(service), "Authorization", "Bearer " + key.secret());

        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(KeyedServices.errorCode(service, response)).isEqualTo("service_not_enabled");
        assertThat(KeyedServices.errorMessage(service, response)).contains(service);
    }

    @ParameterizedTest
    @MethodSource("keyed")
    void returns403WhenTheAccountIsSuspended(String service) {
        Account account = platform.newAccount();
        IssuedKey key = platform.bean(ApiKeys.class).create(account.id(), "test", List.of(service));
        platform.bean(Accounts.class).setStatus(account.id(), "suspended");

        HttpResponse<String> response = Http.get(whoami(service), "Authorization", "Bearer " + key.secret());

        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(KeyedServices.errorCode(service, response)).isEqualTo("account_suspended");
    }

    @ParameterizedTest
    @MethodSource("keyed")
    void returns401WhenTwoDifferentKeysAreSent(String service) {
        IssuedKey a = platform.newKey(service);
        IssuedKey b = platform.newKey(service);
        HttpResponse<String> response = Http.get(whoami(service) + "?api_key=" + a.secret(),
                "Authorization", "Bearer " + b.secret());

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(KeyedServices.errorCode(service, response)).isEqualTo("ambiguous_api_key");
    }

    @ParameterizedTest
    @MethodSource("keyed")
    void echoesASaneRequestIdAndReplacesAnInsaneOne(String service) {
        HttpResponse<String> sane = Http.get(whoami(service), "X-Request-Id", "client-abc.123");
        assertThat(sane.headers().firstValue("X-Request-Id")).hasValue("client-abc.123");
        assertThat(sane.body()).contains("client-abc.123");

        HttpResponse<String> insane = Http.get(whoami(service), "X-Request-Id", "<script>alert(1)</script>");
        assertThat(insane.headers().firstValue("X-Request-Id").orElseThrow()).startsWith("req_");
    }
}
