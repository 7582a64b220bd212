package dev.quintet.events;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.platform.testing.TestPlatform;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class AccessTokenTest {

    static final JsonMapper JSON = JsonMapper.builder().build();

    static MutableClock clock;
    static TestIssuer issuer;
    static TestPlatform platform;
    static String base;

    @BeforeAll
    static void start() {
        clock = new MutableClock(Instant.parse("2026-06-10T12:00:00Z"));
        issuer = new TestIssuer(clock);
        platform = TestPlatform.start(clock);
        base = platform.startApp(EventsApplication.class, "events", "--quintet.events.issuer-uri=" + issuer.url());
    }

    @AfterAll
    static void stop() {
        platform.close();
        issuer.close();
    }

    static HttpResponse<String> get(String path, String token) {
        return token == null ? Http.get(base + path) : Http.get(base + path, "Authorization", "Bearer " + token);
    }

    static JsonNode body(HttpResponse<String> response) {
        return JSON.readTree(response.body());
    }

    static void assertInvalidToken(HttpResponse<String> response, String description) {
        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.headers().firstValue("WWW-Authenticate").orElseThrow())
                .startsWith("Bearer realm=\"events\", error=\"invalid_token\", error_description=\"").contains(description);
        assertThat(body(response).get("error").asString()).isEqualTo("INVALID_AUTH");
        assertThat(body(response).get("status_code").asInt()).isEqualTo(401);
    }

    @Test
    void refusesARequestWithoutATokenWithABareChallenge() {
        HttpResponse<String> response = get("/v3/categories/", null);

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.headers().firstValue("WWW-Authenticate")).contains("Bearer realm=\"events\"");
        assertThat(body(response).get("error").asString()).isEqualTo("NO_AUTH");
        assertThat(body(response).get("error_description").asString()).contains("Authorization: Bearer");
        assertThat(response.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
    }

    @Test
    void acceptsAValidTokenWithTheReadScope() {
        HttpResponse<String> response = get("/v3/categories/", issuer.token(UUID.randomUUID(), "events:read"));

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode categories = body(response).get("categories");
        assertThat(categories).hasSize(21);
        assertThat(categories.get(2).get("id").asString()).isEqualTo("103");
        assertThat(categories.get(2).get("name").asString()).isEqualTo("Music");
        assertThat(body(response).get("pagination").get("object_count").asInt()).isEqualTo(21);
        JsonNode formats = body(get("/v3/formats/", issuer.token(UUID.randomUUID(), "events:read"))).get("formats");
        assertThat(formats.get(0).get("name").asString()).isEqualTo("Conference");
    }

    @Test
    void acceptsAnRs256TokenSignedBeforeTheIssuerMovedToEs256() {
        assertThat(get("/v3/categories/", issuer.rs256Token(UUID.randomUUID(), "events:read")).statusCode()).isEqualTo(200);
    }

    @Test
    void refusesATokenOnceTheClockPassesItsExpiry() {
        String token = issuer.token(UUID.randomUUID(), "events:read");
        assertThat(get("/v3/categories/", token).statusCode()).isEqualTo(200);

        clock.advance(Duration.ofMinutes(15).plusSeconds(1));
        try {
            assertInvalidToken(get("/v3/categories/", token), "expired");
        } finally {
            clock.advance(Duration.ofMinutes(-15).minusSeconds(1));
        }
    }

    @Test
    void refusesATokenSignedByAKeyTheIssuerDoesNotPublish() {
        String token = issuer.signByStranger(issuer.claims(UUID.randomUUID(), "events:read").build());

        assertInvalidToken(get("/v3/categories/", token), "signature");
    }

    @Test
    void refusesATokenForAnotherAudienceOrFromAnotherIssuer() {
        UUID account = UUID.randomUUID();
        String otherAudience = issuer.sign(issuer.claims(account, "events:read").audience(List.of("router")).build());
        String otherIssuer = issuer.sign(issuer.claims(account, "events:read").issuer("https://evil.example.com").build());

        assertInvalidToken(get("/v3/categories/", otherAudience), "aud must contain events");
        assertInvalidToken(get("/v3/categories/", otherIssuer), "iss");
    }

    @Test
    void refusesAMalformedTokenOrHeaderAndTokensInTheQuery() {
        assertInvalidToken(get("/v3/categories/", "not-a-jwt"), "malformed");
        HttpResponse<String> basic = Http.get(base + "/v3/categories/", "Authorization", "Basic abc");
        assertThat(basic.statusCode()).isEqualTo(400);
        assertThat(basic.headers().firstValue("WWW-Authenticate").orElseThrow()).contains("error=\"invalid_request\"");
        HttpResponse<String> query = Http.get(base + "/v3/categories/?token=" + issuer.token(UUID.randomUUID(), "events:read"));
        assertThat(query.statusCode()).isEqualTo(400);
        assertThat(body(query).get("error").asString()).isEqualTo("INVALID_AUTH_HEADER");
    }

    @Test
    void refusesAMissingScopeWith403InsufficientScope() {
        HttpResponse<String> response = get("/v3/users/me/", issuer.token(UUID.randomUUID(), "events:read"));

        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(response.headers().firstValue("WWW-Authenticate").orElseThrow())
                .contains("error=\"insufficient_scope\"").contains("scope=\"user:read\"");
        assertThat(body(response).get("error").asString()).isEqualTo("NOT_AUTHORIZED");
        assertThat(body(response).get("error_description").asString()).contains("user:read");
        assertThat(get("/v3/categories/", issuer.token(UUID.randomUUID(), "user:read")).statusCode()).isEqualTo(403);
    }

    @Test
    void answersUsersMeForTheTokensAccount() {
        Account account = platform.newAccount();

        HttpResponse<String> response = get("/v3/users/me/", issuer.token(account.id(), "user:read"));

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode me = body(response);
        assertThat(me.get("id").asString()).isEqualTo(account.id().toString());
        assertThat(me.get("emails").get(0).get("email").asString()).isEqualTo(account.email());
        assertThat(me.get("emails").get(0).get("primary").asBoolean()).isTrue();
    }

    @Test
    void keepsHealthPublicAndUnknownRoutesInEventbritesShape() {
        assertThat(Http.get(base + "/health").statusCode()).isEqualTo(200);
        HttpResponse<String> missing = get("/v3/nothing/", issuer.token(UUID.randomUUID(), "events:read"));
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(body(missing).get("error").asString()).isEqualTo("NOT_FOUND");
    }

    @Test
    void refusesATokenThatIsNotYetValid() {
        Instant later = clock.instant().plus(Duration.ofHours(1));
        String token = issuer.sign(issuer.claims(UUID.randomUUID(), "events:read").notBeforeTime(Date.from(later)).build());

        assertInvalidToken(get("/v3/categories/", token), "");
    }
}
