package dev.quintet.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jwt.SignedJWT;
import dev.quintet.console.oauth.OAuthClients;
import dev.quintet.console.oauth.RegisteredClient;
import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.platform.testing.TestPlatform;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

class OAuthFlowTest extends OAuthFlowFixture {

    @Test
    void sendsTheCodeToTheExactRedirectUriWithStateAndIssuerAfterLogInAndConsent() {
        Account account = platform.newAccount();
        OAuthApp app = newApp(account);
        ConsoleBrowser browser = new ConsoleBrowser(base);

        ConsoleBrowser.Page start = browser.get(app.authorizeUrl("xyz ABC/+=?&"));
        assertThat(start.status()).isEqualTo(302);
        assertThat(start.location()).endsWith("/login");
        ConsoleBrowser.Page login = browser.submit(browser.get("/login"), "/login", "email", account.email(), "password", PASSWORD);
        assertThat(login.location()).contains("/oauth/authorize?");
        ConsoleBrowser.Page back = browser.follow(login);
        assertThat(back.location()).contains("/oauth/consent?");
        ConsoleBrowser.Page consent = browser.get(back.location());
        assertThat(consent.body()).contains("Gig finder").contains("events:read").contains("Search and read events");
        assertThat(consent.headers().firstValue("Content-Security-Policy").orElseThrow())
                .contains("form-action 'self' https://app.example.com;");

        String redirect = allow(browser, back.location());

        assertThat(redirect).startsWith(CALLBACK + "?code=");
        Map<String, String> params = OAuthApp.query(redirect);
        assertThat(params).containsEntry("state", "xyz ABC/+=?&").containsEntry("iss", base).containsKey("code");
    }

    @Test
    void exchangesACodeForAnEventsAccessTokenSignedWithThePublishedKey() throws Exception {
        Account account = platform.newAccount();
        OAuthApp app = newApp(account);

        OAuthApp.Answer tokens = tokensFor(app, account);

        assertThat(tokens.headers().firstValue("Cache-Control").orElse("")).contains("no-store");
        assertThat(tokens.text("token_type")).isEqualTo("Bearer");
        assertThat(tokens.body().get("expires_in").asLong()).isBetween(899L, 900L);
        assertThat(tokens.text("scope")).isEqualTo("events:read");
        assertThat(tokens.text("refresh_token")).isNotBlank();
        SignedJWT jwt = SignedJWT.parse(tokens.text("access_token"));
        JWKSet keys = JWKSet.parse(Http.get(base + "/oauth/jwks").body());
        assertThat(keys.getKeys()).hasSize(1);
        ECKey key = (ECKey) keys.getKeys().getFirst();
        assertThat(key.isPrivate()).isFalse();
        assertThat(key.getCurve()).isEqualTo(Curve.P_256);
        assertThat(key.getAlgorithm()).isEqualTo(JWSAlgorithm.ES256);
        assertThat(key.getKeyID()).isEqualTo(key.computeThumbprint().toString());
        assertThat(jwt.getHeader().getAlgorithm()).isEqualTo(JWSAlgorithm.ES256);
        assertThat(jwt.getHeader().getKeyID()).isEqualTo(key.getKeyID());
        assertThat(jwt.verify(new ECDSAVerifier(key))).isTrue();
        var claims = jwt.getJWTClaimsSet();
        assertThat(claims.getAudience()).containsExactly("events");
        assertThat(claims.getSubject()).isEqualTo(account.id().toString());
        assertThat(claims.getIssuer()).isEqualTo(base);
        assertThat(claims.getStringClaim("scope")).isEqualTo("events:read");
        assertThat(claims.getStringClaim("client_id")).isEqualTo(app.clientId());
        assertThat(Duration.between(claims.getIssueTime().toInstant(), claims.getExpirationTime().toInstant()))
                .isEqualTo(Duration.ofMinutes(15));
    }

    @Test
    void acceptsClientSecretPostAndRefusesAWrongSecret() {
        Account account = platform.newAccount();
        OAuthApp app = newApp(account);
        String code = codeFrom(authorizeAndAllow(loggedIn(account), app, "s"));

        OAuthApp wrong = new OAuthApp(base, app.clientId(), "qcs_wrong", app.redirectUri());
        OAuthApp.Answer refused = wrong.exchangeBasic(code, OAuthApp.VERIFIER);
        assertThat(refused.status()).isEqualTo(401);
        assertThat(refused.text("error")).isEqualTo("invalid_client");

        OAuthApp.Answer tokens = app.exchangePost(code, OAuthApp.VERIFIER);
        assertThat(tokens.status()).as(tokens.body().toString()).isEqualTo(200);
        assertThat(tokens.text("access_token")).isNotBlank();
    }

    @Test
    void remembersConsentSoTheNextAuthorizationGoesStraightBack() {
        Account account = platform.newAccount();
        OAuthApp app = newApp(account);
        ConsoleBrowser browser = loggedIn(account);
        authorizeAndAllow(browser, app, "first");

        ConsoleBrowser.Page again = browser.get(app.authorizeUrl("second"));

        assertThat(again.status()).isEqualTo(303);
        assertThat(again.location()).startsWith(CALLBACK + "?code=").contains("state=second");
        ConsoleBrowser.Page more = browser.get(app.authorizeUrl("third", "scope", "events:read user:read"));
        assertThat(more.location()).contains("/oauth/consent?");
    }

    @Test
    void refusesAWrongPkceVerifier() {
        Account account = platform.newAccount();
        OAuthApp app = newApp(account);
        String code = codeFrom(authorizeAndAllow(loggedIn(account), app, "s"));

        OAuthApp.Answer refused = app.exchangeBasic(code, "x".repeat(43));

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.text("error")).isEqualTo("invalid_grant");
        OAuthApp.Answer withoutVerifier = app.exchangeBasic(code, null);
        assertThat(withoutVerifier.status()).isEqualTo(400);
    }

    @Test
    void requiresPkceOfPublicClientsAndRefusesThePlainMethod() {
        Account account = platform.newAccount();
        RegisteredClient registered = clients.register(account.id(), "Phone app", List.of("http://127.0.0.1:7777/cb"), true);
        OAuthApp app = new OAuthApp(base, registered.client().clientId(), null, "http://127.0.0.1:7777/cb");
        ConsoleBrowser browser = loggedIn(account);

        ConsoleBrowser.Page noPkce = browser.get(app.authorizeUrl("s1", "code_challenge", null, "code_challenge_method", null));
        ConsoleBrowser.Page plain = browser.get(app.authorizeUrl("s2", "code_challenge_method", "plain"));

        assertThat(OAuthApp.query(noPkce.location())).containsEntry("error", "invalid_request").containsEntry("state", "s1")
                .containsEntry("iss", base);
        assertThat(OAuthApp.query(plain.location())).containsEntry("error", "invalid_request").containsEntry("state", "s2");
        String code = codeFrom(authorizeAndAllow(browser, app, "s3"));
        OAuthApp.Answer tokens = app.post("/oauth/token", false, "grant_type", "authorization_code", "code", code,
                "redirect_uri", app.redirectUri(), "code_verifier", OAuthApp.VERIFIER, "client_id", app.clientId());
        assertThat(tokens.status()).as(tokens.body().toString()).isEqualTo(200);
        assertThat(tokens.body().has("refresh_token")).isFalse();
    }

    @Test
    void showsAnErrorPageWithoutRedirectingForAnyRedirectUriThatIsNotExactlyRegistered() {
        Account account = platform.newAccount();
        OAuthApp app = newApp(account, "https://app.example.com:8443/callback");
        ConsoleBrowser browser = loggedIn(account);

        for (String uri : List.of("http://app.example.com:8443/callback", "https://evil.example.com:8443/callback",
                "https://app.example.com:9443/callback", "https://app.example.com:8443/callback2",
                "https://app.example.com:8443/callback/", "https://APP.example.com:8443/callback")) {
            ConsoleBrowser.Page page = browser.get(app.authorizeUrl("s", "redirect_uri", uri));
            assertThat(page.status()).as(uri).isEqualTo(400);
            assertThat(page.location()).as(uri).isNull();
            assertThat(page.body()).as(uri).contains("id=\"oauth-error\"").contains("invalid_request");
        }
        assertThat(browser.get(app.authorizeUrl("s")).location()).contains("/oauth/consent");
    }

    @Test
    void showsAnErrorPageForAnUnknownClient() {
        ConsoleBrowser browser = loggedIn(platform.newAccount());

        ConsoleBrowser.Page page = browser.get(new OAuthApp(base, "qc_nobody", "x", CALLBACK).authorizeUrl("s"));

        assertThat(page.status()).isEqualTo(400);
        assertThat(page.location()).isNull();
        assertThat(page.body()).contains("id=\"oauth-error\"");
    }

    @Test
    void redirectsUnknownScopesAndDenialsBackWithStateAndIssuer() {
        Account account = platform.newAccount();
        OAuthApp app = newApp(account);
        ConsoleBrowser browser = loggedIn(account);

        ConsoleBrowser.Page unknown = browser.get(app.authorizeUrl("s1", "scope", "events:read admin"));
        assertThat(OAuthApp.query(unknown.location())).containsEntry("error", "invalid_scope").containsEntry("state", "s1")
                .containsEntry("iss", base);

        ConsoleBrowser.Page start = browser.get(app.authorizeUrl("s2"));
        Map<String, String> consent = OAuthApp.query(start.location());
        ConsoleBrowser.Page denied = browser.submit(browser.get(start.location()), "/oauth/authorize",
                "client_id", consent.get("client_id"), "state", consent.get("state"));
        assertThat(denied.location()).startsWith(CALLBACK);
        assertThat(OAuthApp.query(denied.location())).containsEntry("error", "access_denied").containsEntry("state", "s2")
                .containsEntry("iss", base);
    }

    @Test
    void grantsTheScopesAskedForAndAllowed() throws Exception {
        Account account = platform.newAccount();
        OAuthApp app = newApp(account);

        String code = codeFrom(authorizeAndAllow(loggedIn(account), app, "s", "scope", "events:write user:read"));
        OAuthApp.Answer tokens = app.exchangeBasic(code, OAuthApp.VERIFIER);

        assertThat(tokens.text("scope").split(" ")).containsExactlyInAnyOrder("events:write", "user:read");
        assertThat(SignedJWT.parse(tokens.text("access_token")).getJWTClaimsSet().getStringClaim("scope"))
                .isEqualTo("events:write user:read");
    }

    @Test
    void refusesASecondUseOfACodeAndRevokesTheTokensOfTheFirst() {
        Account account = platform.newAccount();
        OAuthApp app = newApp(account);
        String code = codeFrom(authorizeAndAllow(loggedIn(account), app, "s"));
        OAuthApp.Answer first = app.exchangeBasic(code, OAuthApp.VERIFIER);
        assertThat(app.introspect(first.text("access_token")).body().get("active").asBoolean()).isTrue();

        OAuthApp.Answer second = app.exchangeBasic(code, OAuthApp.VERIFIER);

        assertThat(second.status()).isEqualTo(400);
        assertThat(second.text("error")).isEqualTo("invalid_grant");
        assertThat(app.introspect(first.text("access_token")).body().get("active").asBoolean()).isFalse();
        assertThat(app.refresh(first.text("refresh_token")).text("error")).isEqualTo("invalid_grant");
    }

    @Test
    void refusesACodeAfterFiveMinutes() {
        Account account = platform.newAccount();
        OAuthApp app = newApp(account);
        String code = codeFrom(authorizeAndAllow(loggedIn(account), app, "s"));

        clock.advance(Duration.ofMinutes(5).plusSeconds(1));

        OAuthApp.Answer late = app.exchangeBasic(code, OAuthApp.VERIFIER);
        assertThat(late.status()).isEqualTo(400);
        assertThat(late.text("error")).isEqualTo("invalid_grant");
    }

    @Test
    void rotatesRefreshTokensAndRevokesTheGrantWhenAReplacedOneComesBack() {
        Account account = platform.newAccount();
        OAuthApp app = newApp(account);
        OAuthApp.Answer first = tokensFor(app, account);

        OAuthApp.Answer second = app.refresh(first.text("refresh_token"));
        assertThat(second.status()).as(second.body().toString()).isEqualTo(200);
        assertThat(second.text("refresh_token")).isNotBlank().isNotEqualTo(first.text("refresh_token"));
        assertThat(second.text("access_token")).isNotEqualTo(first.text("access_token"));

        OAuthApp.Answer replay = app.refresh(first.text("refresh_token"));

        assertThat(replay.status()).isEqualTo(400);
        assertThat(replay.text("error")).isEqualTo("invalid_grant");
        assertThat(app.refresh(second.text("refresh_token")).text("error")).isEqualTo("invalid_grant");
        assertThat(app.introspect(second.text("access_token")).body().get("active").asBoolean()).isFalse();
    }

    @Test
    void refreshTokensExpireAfterThirtyDays() {
        Account account = platform.newAccount();
        OAuthApp app = newApp(account);
        OAuthApp.Answer tokens = tokensFor(app, account);

        clock.advance(Duration.ofDays(30).plusSeconds(1));

        assertThat(app.refresh(tokens.text("refresh_token")).text("error")).isEqualTo("invalid_grant");
    }

    @Test
    void revokingARefreshTokenEndsTheGrantAndUnknownTokensAreAccepted() {
        Account account = platform.newAccount();
        OAuthApp app = newApp(account);
        OAuthApp.Answer tokens = tokensFor(app, account);

        OAuthApp.Answer revoked = app.revoke(tokens.text("refresh_token"));

        assertThat(revoked.status()).isEqualTo(200);
        assertThat(app.refresh(tokens.text("refresh_token")).text("error")).isEqualTo("invalid_grant");
        assertThat(app.introspect(tokens.text("access_token")).body().get("active").asBoolean()).isFalse();
        assertThat(app.revoke("no-such-token").status()).isEqualTo(200);
    }

    @Test
    void introspectsActiveTokensAndReportsExpiredOnesInactive() {
        Account account = platform.newAccount();
        OAuthApp app = newApp(account);
        OAuthApp.Answer tokens = tokensFor(app, account);

        OAuthApp.Answer active = app.introspect(tokens.text("access_token"));

        assertThat(active.status()).isEqualTo(200);
        assertThat(active.body().get("active").asBoolean()).isTrue();
        assertThat(active.text("scope")).isEqualTo("events:read");
        assertThat(active.text("client_id")).isEqualTo(app.clientId());
        assertThat(active.text("sub")).isEqualTo(account.id().toString());
        assertThat(active.text("token_type")).isEqualTo("Bearer");
        assertThat(active.body().get("exp").asLong()).isGreaterThan(clock.instant().getEpochSecond());
        assertThat(new OAuthApp(base, app.clientId(), "qcs_wrong", CALLBACK).introspect(tokens.text("access_token")).status())
                .isEqualTo(401);

        clock.advance(Duration.ofMinutes(15).plusSeconds(1));

        assertThat(app.introspect(tokens.text("access_token")).body().toString()).isEqualTo("{\"active\":false}");
        assertThat(app.refresh(tokens.text("refresh_token")).status()).isEqualTo(200);
    }

    @Test
    void describesATokenOnlyToTheClientItWasIssuedTo() {
        Account account = platform.newAccount();
        OAuthApp.Answer tokens = tokensFor(newApp(account), account);
        OAuthApp other = newApp(account);

        assertThat(other.introspect(tokens.text("access_token")).body().toString()).isEqualTo("{\"active\":false}");
        assertThat(other.introspect(tokens.text("refresh_token")).body().toString()).isEqualTo("{\"active\":false}");
    }

    @Test
    void publishesMetadataThatMatchesWhatTheServerDoes() {
        var response = Http.get(base + "/.well-known/oauth-authorization-server");

        assertThat(response.statusCode()).isEqualTo(200);
        var metadata = OAuthApp.JSON.readTree(response.body());
        assertThat(metadata.get("issuer").asString()).isEqualTo(base);
        assertThat(metadata.get("authorization_endpoint").asString()).isEqualTo(base + "/oauth/authorize");
        assertThat(metadata.get("token_endpoint").asString()).isEqualTo(base + "/oauth/token");
        assertThat(metadata.get("revocation_endpoint").asString()).isEqualTo(base + "/oauth/revoke");
        assertThat(metadata.get("introspection_endpoint").asString()).isEqualTo(base + "/oauth/introspect");
        assertThat(metadata.get("jwks_uri").asString()).isEqualTo(base + "/oauth/jwks");
        assertThat(metadata.get("response_types_supported").toString()).isEqualTo("[\"code\"]");
        assertThat(metadata.get("grant_types_supported").toString()).isEqualTo("[\"authorization_code\",\"refresh_token\"]");
        assertThat(metadata.get("code_challenge_methods_supported").toString()).isEqualTo("[\"S256\"]");
        assertThat(metadata.get("scopes_supported").toString()).contains("events:read", "events:write", "user:read");
        assertThat(metadata.get("authorization_response_iss_parameter_supported").asBoolean()).isTrue();
    }
}
