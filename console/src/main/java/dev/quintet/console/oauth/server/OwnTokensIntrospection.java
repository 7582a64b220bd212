package dev.quintet.console.oauth.server;

import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenIntrospection;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2ClientAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2TokenIntrospectionAuthenticationToken;

/**
 * Introspection answers a client only about tokens issued to that client; any other token is reported inactive, as
 * an unknown one is (RFC 7662 §2.2 lets the server decide what a caller may learn, and §4 asks it not to help a
 * client probe other clients' tokens). Spring's provider would describe any token to any authenticated client.
 */
final class OwnTokensIntrospection implements AuthenticationProvider {

    private final AuthenticationProvider delegate;

    OwnTokensIntrospection(AuthenticationProvider delegate) {
        this.delegate = delegate;
    }

    @Override
    public Authentication authenticate(Authentication authentication) {
        Authentication result = delegate.authenticate(authentication);
        if (result instanceof OAuth2TokenIntrospectionAuthenticationToken introspection
                && introspection.getTokenClaims().isActive()
                && introspection.getPrincipal() instanceof OAuth2ClientAuthenticationToken caller
                && caller.getRegisteredClient() != null
                && !caller.getRegisteredClient().getClientId().equals(introspection.getTokenClaims().getClientId())) {
            return new OAuth2TokenIntrospectionAuthenticationToken(introspection.getToken(), caller,
                    OAuth2TokenIntrospection.builder().build());
        }
        return result;
    }

    @Override
    public boolean supports(Class<?> authentication) {
        return delegate.supports(authentication);
    }
}
