package dev.quintet.console.oauth.server;

import java.util.List;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationServerMetadata;

/** What the RFC 8414 metadata document says beyond Spring's defaults: only what this server really offers. */
final class ServerMetadata {

    private ServerMetadata() {
    }

    static void customize(OAuth2AuthorizationServerMetadata.Builder metadata) {
        metadata.responseTypes(types -> {
                    types.clear();
                    types.add("code");
                })
                .grantTypes(grants -> {
                    grants.clear();
                    grants.addAll(List.of("authorization_code", "refresh_token"));
                })
                .tokenEndpointAuthenticationMethods(methods -> {
                    methods.clear();
                    methods.addAll(List.of("client_secret_basic", "client_secret_post", "none"));
                })
                .tokenRevocationEndpointAuthenticationMethods(ServerMetadata::secretMethods)
                .tokenIntrospectionEndpointAuthenticationMethods(ServerMetadata::secretMethods)
                .codeChallengeMethods(methods -> {
                    methods.clear();
                    methods.add("S256");
                })
                .scopes(scopes -> {
                    scopes.clear();
                    scopes.addAll(Scopes.ALL);
                })
                .claim("authorization_response_iss_parameter_supported", true)
                .claims(claims -> claims.remove("dpop_signing_alg_values_supported"));
    }

    private static void secretMethods(List<String> methods) {
        methods.clear();
        methods.addAll(List.of("client_secret_basic", "client_secret_post"));
    }
}
