package dev.quintet.console.oauth.server;

import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import dev.quintet.console.ConsoleProperties;
import dev.quintet.console.oauth.OAuthClients;
import dev.quintet.console.oauth.grants.Authorizations;
import dev.quintet.console.oauth.grants.Consents;
import dev.quintet.platform.PlatformProperties;
import java.security.SecureRandom;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;
import org.springframework.security.oauth2.server.authorization.authentication.ClientSecretAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationConsentAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2TokenIntrospectionAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.security.oauth2.server.authorization.settings.AuthorizationServerSettings;
import org.springframework.security.oauth2.server.authorization.token.DelegatingOAuth2TokenGenerator;
import org.springframework.security.oauth2.server.authorization.token.JwtGenerator;
import org.springframework.security.oauth2.server.authorization.token.OAuth2RefreshTokenGenerator;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenGenerator;
import org.springframework.security.oauth2.server.authorization.web.authentication.OAuth2AuthorizationCodeRequestAuthenticationConverter;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter.ReferrerPolicy;
import org.springframework.security.web.savedrequest.HttpSessionRequestCache;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;

/**
 * The authorization server's endpoints ({@code /oauth/authorize}, {@code /oauth/token}, {@code /oauth/revoke},
 * {@code /oauth/introspect}, {@code /oauth/jwks}, {@code /.well-known/oauth-authorization-server}) in a filter
 * chain ahead of the console's pages. Only the authorization code grant (with PKCE) and refresh tokens are
 * offered; the person authorizing logs in on the console's own log-in page.
 */
@Configuration(proxyBeanMethods = false)
class AuthorizationServerConfiguration {

    static final String AUTHORIZE = "/oauth/authorize";
    static final String CONSENT = "/oauth/consent";

    @Bean
    RegisteredClientRepository registeredClientRepository(OAuthClients clients, ConsoleProperties properties,
                                                          PlatformProperties platform) {
        return new ClientRegistry(clients, properties, platform.keyCacheTtl());
    }

    @Bean
    AuthorizationServerSettings authorizationServerSettings(ConsoleProperties properties) {
        AuthorizationServerSettings.Builder settings = AuthorizationServerSettings.builder()
                .authorizationEndpoint(AUTHORIZE)
                .tokenEndpoint("/oauth/token")
                .tokenRevocationEndpoint("/oauth/revoke")
                .tokenIntrospectionEndpoint("/oauth/introspect")
                .jwkSetEndpoint("/oauth/jwks");
        if (properties.oauthIssuer() != null) {
            settings.issuer(properties.oauthIssuer());
        }
        return settings.build();
    }

    @Bean
    JWKSource<SecurityContext> jwkSource(JdbcClient jdbc, Clock clock) {
        return new SigningKeys(jdbc, clock).source();
    }

    @Bean
    OAuth2TokenGenerator<?> tokenGenerator(JWKSource<SecurityContext> keys, Clock clock) {
        JwtGenerator accessTokens = new JwtGenerator(new NimbusJwtEncoder(keys));
        accessTokens.setJwtCustomizer(new AccessTokenClaims());
        accessTokens.setClock(clock);
        OAuth2RefreshTokenGenerator refreshTokens = new OAuth2RefreshTokenGenerator();
        refreshTokens.setClock(clock);
        return new DelegatingOAuth2TokenGenerator(accessTokens, refreshTokens);
    }

    @Bean
    @Order(Ordered.HIGHEST_PRECEDENCE)
    SecurityFilterChain authorizationServerSecurity(HttpSecurity http, RegisteredClientRepository clients,
                                                    Authorizations authorizations, Consents consents,
                                                    OAuth2TokenGenerator<?> tokens, Clock clock, SecureRandom random) {
        AuthorizationCodes codes = new AuthorizationCodes(clock, random);
        AuthorizationResponses responses = new AuthorizationResponses();
        HttpSessionRequestCache requestCache = new HttpSessionRequestCache();
        requestCache.setMatchingRequestParameterName(null);
        http.oauth2AuthorizationServer(server -> {
            http.securityMatcher(server.getEndpointsMatcher());
            server.registeredClientRepository(clients)
                    .authorizationService(authorizations)
                    .authorizationConsentService(consents)
                    .tokenGenerator(tokens)
                    .clientAuthentication(client -> client.authenticationProviders(providers -> providers.forEach(p -> {
                        if (p instanceof ClientSecretAuthenticationProvider secrets) {
                            secrets.setPasswordEncoder(new ClientSecretHashes());
                        }
                    })))
                    .authorizationEndpoint(endpoint -> endpoint
                            .consentPage(CONSENT)
                            .authorizationRequestConverters(converters -> converters.replaceAll(c ->
                                    c instanceof OAuth2AuthorizationCodeRequestAuthenticationConverter
                                            ? AuthorizationRequests.withDefaultScope(c) : c))
                            .authenticationProviders(providers -> providers.forEach(p -> {
                                if (p instanceof OAuth2AuthorizationCodeRequestAuthenticationProvider request) {
                                    request.setAuthorizationCodeGenerator(codes);
                                    request.setAuthenticationValidator(AuthorizationRequests.validator());
                                } else if (p instanceof OAuth2AuthorizationConsentAuthenticationProvider consent) {
                                    consent.setAuthorizationCodeGenerator(codes);
                                }
                            }))
                            .authorizationResponseHandler(responses)
                            .errorResponseHandler(responses))
                    .tokenIntrospectionEndpoint(introspection -> introspection.authenticationProviders(providers ->
                            providers.replaceAll(p -> p instanceof OAuth2TokenIntrospectionAuthenticationProvider
                                    ? new OwnTokensIntrospection(p) : p)))
                    .authorizationServerMetadataEndpoint(metadata ->
                            metadata.authorizationServerMetadataCustomizer(ServerMetadata::customize));
        });
        http.authorizeHttpRequests(requests -> requests.anyRequest().authenticated())
                .requestCache(cache -> cache.requestCache(requestCache))
                .exceptionHandling(errors -> errors.defaultAuthenticationEntryPointFor(
                        new LoginUrlAuthenticationEntryPoint("/login"),
                        PathPatternRequestMatcher.withDefaults().matcher(HttpMethod.GET, AUTHORIZE)))
                .headers(headers -> headers
                        .contentSecurityPolicy(csp -> csp.policyDirectives("default-src 'none'; frame-ancestors 'none'"))
                        .referrerPolicy(referrer -> referrer.policy(ReferrerPolicy.NO_REFERRER)));
        return http.build();
    }
}
