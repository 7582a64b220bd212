package dev.quintet.console.oauth.server;

import dev.quintet.console.security.ConsoleUser;
import java.util.List;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;
import org.springframework.security.oauth2.server.authorization.token.JwtEncodingContext;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenCustomizer;

/**
 * Shapes access tokens as RFC 9068 JWTs for the events API, signed with {@link SigningKeys#ALGORITHM}: {@code sub}
 * is the account id, {@code aud} is {@code events}, {@code scope} a space-separated string, and {@code client_id}
 * names the app.
 */
final class AccessTokenClaims implements OAuth2TokenCustomizer<JwtEncodingContext> {

    @Override
    public void customize(JwtEncodingContext context) {
        if (!OAuth2TokenType.ACCESS_TOKEN.equals(context.getTokenType())) {
            return;
        }
        context.getJwsHeader().algorithm(SigningKeys.ALGORITHM).type("at+jwt");
        context.getClaims().audience(List.of(Scopes.AUDIENCE))
                .claim("client_id", context.getRegisteredClient().getClientId())
                .claim("scope", String.join(" ", context.getAuthorizedScopes().stream().sorted().toList()));
        if (context.getPrincipal().getPrincipal() instanceof ConsoleUser user) {
            context.getClaims().subject(user.accountId().toString());
        }
    }
}
