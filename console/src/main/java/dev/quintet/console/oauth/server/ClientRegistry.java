package dev.quintet.console.oauth.server;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.quintet.console.ConsoleProperties;
import dev.quintet.console.oauth.OAuthClient;
import dev.quintet.console.oauth.OAuthClients;
import java.time.Duration;
import java.util.HexFormat;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.security.oauth2.server.authorization.settings.ClientSettings;
import org.springframework.security.oauth2.server.authorization.settings.OAuth2TokenFormat;
import org.springframework.security.oauth2.server.authorization.settings.TokenSettings;

/**
 * The clients of {@code console.oauth_clients} as the authorization server sees them. Confidential clients
 * authenticate with {@code client_secret_basic} or {@code client_secret_post} and may refresh; public clients
 * must use PKCE and get no refresh token. Every client asks for consent, and codes live five minutes.
 *
 * <p>A client found is kept for {@code keep} (the platform's {@code key-cache-ttl}, as API keys are), so a token
 * request reads no client row; a secret rotated or a client deleted through this process is forgotten at once,
 * through another process within {@code keep}. Unknown client ids are not kept.
 */
final class ClientRegistry implements RegisteredClientRepository {

    static final Duration CODE_LIFETIME = Duration.ofMinutes(5);

    private final OAuthClients clients;
    private final TokenSettings tokenSettings;
    private final Cache<String, RegisteredClient> kept;

    ClientRegistry(OAuthClients clients, ConsoleProperties properties, Duration keep) {
        this.clients = clients;
        this.kept = Caffeine.newBuilder().maximumSize(10_000).expireAfterWrite(keep).build();
        clients.onChange(clientId -> {
            if (clientId == null) {
                kept.invalidateAll();
            } else {
                kept.invalidate(clientId);
            }
        });
        this.tokenSettings = TokenSettings.builder()
                .authorizationCodeTimeToLive(CODE_LIFETIME)
                .accessTokenTimeToLive(properties.oauthAccessTokenTtl())
                .accessTokenFormat(OAuth2TokenFormat.SELF_CONTAINED)
                .refreshTokenTimeToLive(properties.oauthRefreshTokenTtl())
                .reuseRefreshTokens(false)
                .build();
    }

    @Override
    public void save(RegisteredClient registeredClient) {
        throw new UnsupportedOperationException("clients are registered on the console's OAuth apps page");
    }

    @Override
    public RegisteredClient findById(String id) {
        return findByClientId(id);
    }

    @Override
    public RegisteredClient findByClientId(String clientId) {
        if (clientId == null) {
            return null;
        }
        // read under the cache's lock of the id, so that a change forgetting it waits for a read under way and a
        // client read before the change is not kept after it; a null read is not kept
        return kept.get(clientId, id -> clients.withSecretHash(id).map(this::toRegistered).orElse(null));
    }

    private RegisteredClient toRegistered(OAuthClients.WithSecretHash stored) {
        OAuthClient client = stored.client();
        RegisteredClient.Builder builder = RegisteredClient.withId(client.clientId())
                .clientId(client.clientId())
                .clientName(client.name())
                .clientIdIssuedAt(client.createdAt())
                .redirectUris(uris -> uris.addAll(client.redirectUris()))
                .scopes(scopes -> scopes.addAll(Scopes.ALL))
                .authorizationGrantType(AuthorizationGrantType.AUTHORIZATION_CODE)
                .clientSettings(ClientSettings.builder()
                        .requireProofKey(client.publicClient())
                        .requireAuthorizationConsent(true)
                        .build())
                .tokenSettings(tokenSettings);
        if (client.publicClient()) {
            builder.clientAuthenticationMethod(ClientAuthenticationMethod.NONE);
        } else {
            builder.clientAuthenticationMethod(ClientAuthenticationMethod.CLIENT_SECRET_BASIC)
                    .clientAuthenticationMethod(ClientAuthenticationMethod.CLIENT_SECRET_POST)
                    .authorizationGrantType(AuthorizationGrantType.REFRESH_TOKEN)
                    .clientSecret(stored.secretHash() == null ? "" : HexFormat.of().formatHex(stored.secretHash()));
        }
        return builder.build();
    }
}
