package dev.quintet.console.oauth.grants;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.quintet.console.oauth.OAuthClients;
import dev.quintet.console.security.ConsoleUser;
import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.accounts.Accounts;
import dev.quintet.platform.db.SchemaMigrations;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.platform.testing.TestPlatform;
import java.security.Principal;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.security.oauth2.core.OAuth2AccessToken;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2RefreshToken;
import org.springframework.security.oauth2.core.endpoint.OAuth2AuthorizationRequest;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;
import org.springframework.security.oauth2.server.authorization.client.InMemoryRegisteredClientRepository;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;

/** How grants are stored: tokens only as hashes, and a save never overwrites a change it did not see. */
class AuthorizationsTest {

    static MutableClock clock;
    static TestPlatform platform;
    static JdbcClient jdbc;
    static Account account;
    static RegisteredClient client;
    static Authorizations authorizations;

    @BeforeAll
    static void start() {
        clock = new MutableClock(Instant.parse("2026-06-01T10:00:00Z"));
        platform = TestPlatform.start(clock);
        SchemaMigrations.migrate(platform.bean(DataSource.class), "console");
        jdbc = platform.bean(JdbcClient.class);
        account = platform.newAccount();
        String clientId = new OAuthClients(jdbc, clock, new SecureRandom())
                .register(account.id(), "Gig finder", List.of("https://app.example.com/callback"), false).client().clientId();
        client = RegisteredClient.withId(clientId).clientId(clientId)
                .clientAuthenticationMethod(ClientAuthenticationMethod.CLIENT_SECRET_BASIC)
                .authorizationGrantType(AuthorizationGrantType.AUTHORIZATION_CODE)
                .authorizationGrantType(AuthorizationGrantType.REFRESH_TOKEN)
                .redirectUri("https://app.example.com/callback").scope("events:read").build();
        authorizations = new Authorizations(jdbc, new AuthorizationRows(new InMemoryRegisteredClientRepository(client),
                clock), clock);
    }

    @AfterAll
    static void stop() {
        platform.close();
    }

    @Test
    void keepsTokensOnlyAsHashesAndGivesBackTheValueAGrantWasFoundBy() {
        OAuth2Authorization grant = granted("access-" + UUID.randomUUID(), "refresh-" + UUID.randomUUID());
        authorizations.save(grant);
        String access = grant.getAccessToken().getToken().getTokenValue();
        String refresh = grant.getRefreshToken().getToken().getTokenValue();

        String row = jdbc.sql("SELECT row_to_json(a)::text FROM console.oauth_authorizations a WHERE id = :id")
                .param("id", grant.getId()).query(String.class).single();
        assertThat(row).doesNotContain(access, refresh);

        OAuth2Authorization byRefresh = authorizations.findByToken(refresh, OAuth2TokenType.REFRESH_TOKEN);
        assertThat(byRefresh.getRefreshToken().getToken().getTokenValue()).isEqualTo(refresh);
        assertThat(byRefresh.getAccessToken().getToken().getTokenValue()).startsWith("sha256:").doesNotContain(access);
        assertThat(authorizations.findByToken(access, null).getToken(access)).isNotNull();
        assertThat(authorizations.findByToken("sha256:" + access, null)).isNull();

        authorizations.save(OAuth2Authorization.from(byRefresh).invalidate(byRefresh.getAccessToken().getToken()).build());
        OAuth2Authorization again = authorizations.findByToken(access, OAuth2TokenType.ACCESS_TOKEN);
        assertThat(again.getAccessToken().isInvalidated()).isTrue();
        assertThat(again.getRefreshToken().getToken().getTokenValue()).startsWith("sha256:");
    }

    @Test
    void ofTwoRotationsStartedFromOneReadOnlyTheFirstIsKept() {
        String refresh = "refresh-" + UUID.randomUUID();
        authorizations.save(granted("access-" + UUID.randomUUID(), refresh));
        OAuth2Authorization first = authorizations.findByToken(refresh, OAuth2TokenType.REFRESH_TOKEN);
        OAuth2Authorization second = authorizations.findByToken(refresh, OAuth2TokenType.REFRESH_TOKEN);

        authorizations.save(rotated(first, "refresh-first"));

        assertThatThrownBy(() -> authorizations.save(rotated(second, "refresh-second")))
                .isInstanceOfSatisfying(OAuth2AuthenticationException.class,
                        e -> assertThat(e.getError().getErrorCode()).isEqualTo("invalid_grant"));
        assertThat(authorizations.findByToken("refresh-second", OAuth2TokenType.REFRESH_TOKEN)).isNull();
        assertThat(authorizations.findByToken("refresh-first", OAuth2TokenType.REFRESH_TOKEN)).isNotNull();
    }

    @Test
    void keepsTheAuthorizationRequestThroughARefreshWithoutParsingIt() {
        String refresh = "refresh-" + UUID.randomUUID();
        OAuth2AuthorizationRequest request = OAuth2AuthorizationRequest.authorizationCode()
                .authorizationUri("https://console.example.com/oauth/authorize").clientId(client.getClientId())
                .redirectUri("https://app.example.com/callback").scopes(Set.of("events:read")).state("s-1")
                .additionalParameters(Map.of("code_challenge", "abc", "code_challenge_method", "S256")).build();
        OAuth2Authorization grant = OAuth2Authorization.from(granted("access-" + UUID.randomUUID(), refresh))
                .attribute(OAuth2AuthorizationRequest.class.getName(), request).build();
        authorizations.save(grant);
        String stored = jdbc.sql("SELECT request FROM console.oauth_authorizations WHERE id = :id")
                .param("id", grant.getId()).query(String.class).single();

        OAuth2Authorization byRefresh = authorizations.findByToken(refresh, OAuth2TokenType.REFRESH_TOKEN);
        assertThat(byRefresh.<Object>getAttribute(OAuth2AuthorizationRequest.class.getName())).isNull();
        authorizations.save(rotated(byRefresh, "refresh-" + UUID.randomUUID()));

        assertThat(jdbc.sql("SELECT request FROM console.oauth_authorizations WHERE id = :id")
                .param("id", grant.getId()).query(String.class).single()).isEqualTo(stored);
        OAuth2AuthorizationRequest readBack = authorizations.findById(grant.getId())
                .getAttribute(OAuth2AuthorizationRequest.class.getName());
        assertThat(readBack.getState()).isEqualTo("s-1");
        assertThat(readBack.getRedirectUri()).isEqualTo("https://app.example.com/callback");
        assertThat(readBack.getAdditionalParameters()).containsEntry("code_challenge", "abc");
    }

    @Test
    void keepsTheAccessTokensClaimsWhenAGrantFoundByItsRefreshTokenIsRevokedOrRotated() {
        String access = "access-" + UUID.randomUUID();
        String refresh = "refresh-" + UUID.randomUUID();
        Map<String, Object> claims = Map.of("sub", account.id().toString(), "aud", List.of("events"),
                "scope", "events:read", "exp", clock.instant().plus(Duration.ofMinutes(15)));
        OAuth2Authorization grant = withAccessClaims(granted(access, refresh), claims);
        authorizations.save(grant);

        OAuth2Authorization byRefresh = authorizations.findByToken(refresh, OAuth2TokenType.REFRESH_TOKEN);
        assertThat(byRefresh.getAccessToken().getClaims()).isNull();
        authorizations.save(OAuth2Authorization.from(byRefresh).invalidate(byRefresh.getAccessToken().getToken()).build());

        OAuth2Authorization byAccess = authorizations.findByToken(access, OAuth2TokenType.ACCESS_TOKEN);
        assertThat(byAccess.getAccessToken().isInvalidated()).isTrue();
        assertThat(byAccess.getAccessToken().getClaims())
                .containsEntry("sub", account.id().toString()).containsEntry("aud", List.of("events"))
                .containsEntry("exp", clock.instant().plus(Duration.ofMinutes(15)).truncatedTo(ChronoUnit.SECONDS));

        String newAccess = "access-" + UUID.randomUUID();
        String newRefresh = "refresh-" + UUID.randomUUID();
        OAuth2Authorization found = authorizations.findByToken(refresh, OAuth2TokenType.REFRESH_TOKEN);
        authorizations.save(withAccessClaims(OAuth2Authorization.from(rotated(found, newRefresh))
                .token(new OAuth2AccessToken(OAuth2AccessToken.TokenType.BEARER, newAccess, clock.instant(),
                        clock.instant().plus(Duration.ofMinutes(15)), Set.of("events:read"))).build(),
                Map.of("sub", account.id().toString(), "jti", "second")));

        assertThat(authorizations.findByToken(newAccess, OAuth2TokenType.ACCESS_TOKEN).getAccessToken().getClaims())
                .containsEntry("jti", "second").doesNotContainKey("aud");
    }

    @Test
    void revokesTheWholeGrantWhenAReplacedRefreshTokenIsPresentedAgain() {
        String refresh = "refresh-" + UUID.randomUUID();
        String next = "refresh-" + UUID.randomUUID();
        OAuth2Authorization grant = granted("access-" + UUID.randomUUID(), refresh);
        authorizations.save(grant);
        authorizations.save(rotated(authorizations.findByToken(refresh, OAuth2TokenType.REFRESH_TOKEN), next));

        assertThat(authorizations.findByToken(refresh, OAuth2TokenType.REFRESH_TOKEN)).isNull();

        assertThat(authorizations.findByToken(next, OAuth2TokenType.REFRESH_TOKEN)).isNull();
        assertThat(authorizations.findById(grant.getId())).isNull();
    }

    @Test
    void aGrantOfASuspendedAccountIsNotFoundUntilTheAccountIsActiveAgain() {
        Account other = platform.newAccount();
        String refresh = "refresh-" + UUID.randomUUID();
        OAuth2Authorization grant = granted(other, "access-" + UUID.randomUUID(), refresh);
        authorizations.save(grant);
        Accounts accounts = platform.bean(Accounts.class);

        accounts.setStatus(other.id(), "suspended");
        assertThat(authorizations.findByToken(refresh, OAuth2TokenType.REFRESH_TOKEN)).isNull();
        assertThat(authorizations.findById(grant.getId())).isNull();

        accounts.setStatus(other.id(), "active");
        OAuth2Authorization found = authorizations.findByToken(refresh, OAuth2TokenType.REFRESH_TOKEN);
        assertThat(found).isNotNull();
        assertThat(AuthorizationRows.accountOf(found)).isEqualTo(other.id());
        assertThat(found.getPrincipalName()).isEqualTo(other.email());
    }

    @Test
    void findsAGrantWhenThePoolHasASingleConnection() {
        String refresh = "refresh-" + UUID.randomUUID();
        authorizations.save(granted("access-" + UUID.randomUUID(), refresh));
        HikariDataSource platformPool = (HikariDataSource) platform.bean(DataSource.class);
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(platformPool.getJdbcUrl());
        config.setUsername(platformPool.getUsername());
        config.setPassword(platformPool.getPassword());
        config.setMaximumPoolSize(1);
        config.setConnectionTimeout(1_000);
        try (HikariDataSource single = new HikariDataSource(config)) {
            JdbcClient oneConnection = JdbcClient.create(single);
            Authorizations onOne = new Authorizations(oneConnection, new AuthorizationRows(
                    new InMemoryRegisteredClientRepository(client), clock), clock);

            OAuth2Authorization found = onOne.findByToken(refresh, OAuth2TokenType.REFRESH_TOKEN);

            assertThat(found).isNotNull();
            assertThat(found.getRefreshToken().getToken().getTokenValue()).isEqualTo(refresh);
        }
    }

    private static OAuth2Authorization granted(String access, String refresh) {
        return granted(account, access, refresh);
    }

    private static OAuth2Authorization granted(Account by, String access, String refresh) {
        Instant now = clock.instant();
        return OAuth2Authorization.withRegisteredClient(client).id(UUID.randomUUID().toString())
                .principalName(by.email())
                .authorizationGrantType(AuthorizationGrantType.AUTHORIZATION_CODE)
                .authorizedScopes(Set.of("events:read"))
                .attribute(Principal.class.getName(), ConsoleUser.authenticationOf(by))
                .token(new OAuth2AccessToken(OAuth2AccessToken.TokenType.BEARER, access, now,
                        now.plus(Duration.ofMinutes(15)), Set.of("events:read")))
                .refreshToken(new OAuth2RefreshToken(refresh, now, now.plus(Duration.ofDays(30))))
                .build();
    }

    private static OAuth2Authorization withAccessClaims(OAuth2Authorization grant, Map<String, Object> claims) {
        return OAuth2Authorization.from(grant).token(grant.getAccessToken().getToken(),
                meta -> meta.put(OAuth2Authorization.Token.CLAIMS_METADATA_NAME, claims)).build();
    }

    private static OAuth2Authorization rotated(OAuth2Authorization grant, String refresh) {
        Instant now = clock.instant();
        return OAuth2Authorization.from(grant)
                .refreshToken(new OAuth2RefreshToken(refresh, now, now.plus(Duration.ofDays(30))))
                .build();
    }
}
