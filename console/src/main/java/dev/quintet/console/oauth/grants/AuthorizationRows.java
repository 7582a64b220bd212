package dev.quintet.console.oauth.grants;

import dev.quintet.console.security.ConsoleUser;
import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.accounts.Accounts;
import java.security.Principal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.OAuth2AccessToken;
import org.springframework.security.oauth2.core.OAuth2RefreshToken;
import org.springframework.security.oauth2.core.endpoint.OAuth2AuthorizationRequest;
import org.springframework.security.oauth2.core.endpoint.OAuth2ParameterNames;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationCode;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2ClientAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Turns rows of {@code console.oauth_authorizations} into Spring's {@link OAuth2Authorization} and back. The
 * principal is rebuilt from the account (so a deleted or suspended account's grants stop working), and a token
 * past its expiry by the injected clock comes back invalidated. Validity is judged by that clock alone, so the
 * {@code nbf} claim, which Spring would compare with the system clock, is not read back.
 */
final class AuthorizationRows {

    private static final Set<String> TIME_CLAIMS = Set.of("iat", "exp");
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() { };

    /** The prefix of the account's columns joined to a row (see {@link Accounts#joinedColumns}). */
    static final String ACCOUNT = "account_of_grant_";

    /** The columns a row is read from: the grant's and its account's, joined as {@code a}. */
    static final String SELECT = "SELECT g.*, " + Accounts.joinedColumns("a", ACCOUNT)
            + " FROM console.oauth_authorizations g JOIN platform.accounts a ON a.id = g.account_id";

    private final RegisteredClientRepository clients;
    private final Clock clock;
    private final JsonMapper json = JsonMapper.builder().build();

    AuthorizationRows(RegisteredClientRepository clients, Clock clock) {
        this.clients = clients;
        this.clock = clock;
    }

    /** Attribute holding the version of the row a grant was read from, checked when it is saved again. */
    static final String VERSION = "dev.quintet.console.oauth.grants.version";

    /**
     * Attribute holding the stored authorization request as text, in a grant looked up by its access or refresh
     * token: only the code and consent steps read the request, so such a grant saves it back as it was read
     * instead of parsing and writing it again on every refresh.
     */
    static final String REQUEST_TEXT = "dev.quintet.console.oauth.grants.request";

    /**
     * Attribute holding the stored claims of the access token as text, in a grant looked up by its refresh token: a
     * refresh replaces the access token and a revocation only marks it invalidated, so neither reads its claims,
     * and such a grant saves them back as they were read instead of parsing and writing them on every refresh.
     */
    static final String ACCESS_CLAIMS_TEXT = "dev.quintet.console.oauth.grants.access-claims";

    /**
     * The columns of a row and of the account that made the grant, read while the query's connection is held;
     * {@link #toAuthorization} then looks the client up with a connection of its own. Looking it up while reading
     * the row would hold two connections at once, and enough concurrent token requests would then take every
     * connection in the pool while each waits for a second one.
     */
    record Row(String id, String clientId, Account account, String principalName, String grantType, Set<String> scopes,
               String state, String request, long version, Token code, Token access, Token refresh) {
    }

    /** A code or token of a row: the value to give back (see {@link TokenHashes}), its times and state. */
    record Token(String value, Instant issuedAt, Instant expiresAt, boolean invalidated, Set<String> scopes,
                 String claims) {
    }

    /**
     * Reads a row selected with {@link #SELECT}; {@code presented} is the token it was looked up by, if any (see
     * {@link TokenHashes}).
     */
    static Row read(ResultSet rs, TokenHashes.Presented presented) throws SQLException {
        return new Row(rs.getString("id"), rs.getString("client_id"), Accounts.read(rs, ACCOUNT),
                rs.getString("principal_name"), rs.getString("grant_type"), strings(rs, "scopes"),
                rs.getString("state"), rs.getString("request"), rs.getLong("version"),
                token(rs, "code", presented, false), token(rs, "access", presented, true),
                token(rs, "refresh", presented, false));
    }

    private static Token token(ResultSet rs, String name, TokenHashes.Presented presented, boolean access)
            throws SQLException {
        String value = TokenHashes.readBack(rs.getBytes(name + "_hash"), presented);
        if (value == null) {
            return null;
        }
        return new Token(value, instant(rs, name + "_issued_at"), instant(rs, name + "_expires_at"),
                rs.getBoolean(name + "_invalidated"), access ? strings(rs, "access_scopes") : Set.of(),
                access ? rs.getString("access_claims") : null);
    }

    /**
     * The authorization a row holds, or null when its client or account is gone or the account is not active. The
     * authorization request is parsed only {@code withRequest}, else kept as text (see {@link #REQUEST_TEXT}), and
     * the access token's claims only {@code withAccessClaims}, else kept as text (see {@link #ACCESS_CLAIMS_TEXT}).
     */
    OAuth2Authorization toAuthorization(Row row, boolean withRequest, boolean withAccessClaims) {
        RegisteredClient client = authenticatedClient(row.clientId());
        if (client == null) {
            client = clients.findById(row.clientId());
        }
        Account account = row.account();
        if (client == null || !account.active()) {
            return null;
        }
        Instant now = clock.instant();
        OAuth2Authorization.Builder builder = OAuth2Authorization.withRegisteredClient(client)
                .id(row.id())
                .principalName(row.principalName())
                .authorizationGrantType(new AuthorizationGrantType(row.grantType()))
                .authorizedScopes(row.scopes())
                .attribute(Principal.class.getName(), ConsoleUser.authenticationOf(account))
                .attribute(VERSION, row.version());
        if (row.state() != null) {
            builder.attribute(OAuth2ParameterNames.STATE, row.state());
        }
        if (row.request() != null && withRequest) {
            builder.attribute(OAuth2AuthorizationRequest.class.getName(), readRequest(row.request()));
        } else if (row.request() != null) {
            builder.attribute(REQUEST_TEXT, row.request());
        }
        Token code = row.code();
        if (code != null) {
            boolean invalidated = code.invalidated() || !now.isBefore(code.expiresAt());
            builder.token(new OAuth2AuthorizationCode(code.value(), code.issuedAt(), code.expiresAt()),
                    meta -> meta.put(OAuth2Authorization.Token.INVALIDATED_METADATA_NAME, invalidated));
        }
        Token access = row.access();
        if (access != null) {
            Map<String, Object> claims = withAccessClaims ? readClaims(access.claims()) : null;
            if (!withAccessClaims && access.claims() != null) {
                builder.attribute(ACCESS_CLAIMS_TEXT, access.claims());
            }
            boolean invalidated = access.invalidated() || !now.isBefore(access.expiresAt());
            builder.token(new OAuth2AccessToken(OAuth2AccessToken.TokenType.BEARER, access.value(),
                            access.issuedAt(), access.expiresAt(), access.scopes()),
                    meta -> {
                        if (claims != null) {
                            meta.put(OAuth2Authorization.Token.CLAIMS_METADATA_NAME, claims);
                        }
                        meta.put(OAuth2Authorization.Token.INVALIDATED_METADATA_NAME, invalidated);
                    });
        }
        Token refresh = row.refresh();
        if (refresh != null) {
            Instant expires = refresh.expiresAt();
            boolean invalidated = refresh.invalidated() || (expires != null && !now.isBefore(expires));
            builder.token(new OAuth2RefreshToken(refresh.value(), refresh.issuedAt(), expires),
                    meta -> meta.put(OAuth2Authorization.Token.INVALIDATED_METADATA_NAME, invalidated));
        }
        return builder.build();
    }

    /**
     * The client this request authenticated as, if it is {@code clientId}: the token endpoint authenticates the
     * client (reading it from the database) before it looks the grant up, so the grant reuses that client instead of
     * reading it a second time in the same request.
     */
    private static RegisteredClient authenticatedClient(String clientId) {
        if (SecurityContextHolder.getContext().getAuthentication() instanceof OAuth2ClientAuthenticationToken caller
                && caller.isAuthenticated() && caller.getRegisteredClient() != null
                && caller.getRegisteredClient().getId().equals(clientId)) {
            return caller.getRegisteredClient();
        }
        return null;
    }

    /** The authorization request to store for a grant: as it was read, unless it was parsed. */
    String requestToStore(OAuth2Authorization authorization) {
        OAuth2AuthorizationRequest request = authorization.getAttribute(OAuth2AuthorizationRequest.class.getName());
        return request != null ? writeRequest(request) : authorization.getAttribute(REQUEST_TEXT);
    }

    /** The account the authorization was granted by. */
    static UUID accountOf(OAuth2Authorization authorization) {
        Authentication principal = authorization.getAttribute(Principal.class.getName());
        if (principal != null && principal.getPrincipal() instanceof ConsoleUser user) {
            return user.accountId();
        }
        throw new IllegalStateException("authorization " + authorization.getId() + " has no console user as principal");
    }

    private String writeRequest(OAuth2AuthorizationRequest request) {
        if (request == null) {
            return null;
        }
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("authorization_uri", request.getAuthorizationUri());
        fields.put("client_id", request.getClientId());
        fields.put("redirect_uri", request.getRedirectUri());
        fields.put("scopes", List.copyOf(request.getScopes()));
        fields.put("state", request.getState());
        Map<String, String> extra = new LinkedHashMap<>();
        request.getAdditionalParameters().forEach((k, v) -> {
            if (v instanceof String s) {
                extra.put(k, s);
            }
        });
        fields.put("additional_parameters", extra);
        return json.writeValueAsString(fields);
    }

    /**
     * The claims to store for a grant's access token: its own, or, for the access token a grant was read with whose
     * claims were kept as text (see {@link #ACCESS_CLAIMS_TEXT}), that text.
     */
    String claimsToStore(OAuth2Authorization authorization, OAuth2Authorization.Token<OAuth2AccessToken> access) {
        if (access.getClaims() != null) {
            return writeClaims(access.getClaims());
        }
        return TokenHashes.isStandIn(access.getToken().getTokenValue())
                ? authorization.getAttribute(ACCESS_CLAIMS_TEXT) : null;
    }

    String writeClaims(Map<String, Object> claims) {
        if (claims == null) {
            return null;
        }
        Map<String, Object> plain = new LinkedHashMap<>();
        claims.forEach((name, value) -> plain.put(name, switch (value) {
            case Instant instant -> instant.getEpochSecond();
            case Collection<?> values -> values.stream().map(String::valueOf).toList();
            case Number number -> number;
            case Boolean bool -> bool;
            default -> String.valueOf(value);
        }));
        return json.writeValueAsString(plain);
    }

    @SuppressWarnings("unchecked")
    private OAuth2AuthorizationRequest readRequest(String text) {
        Map<String, Object> fields = json.readValue(text, MAP);
        return OAuth2AuthorizationRequest.authorizationCode()
                .authorizationUri((String) fields.get("authorization_uri"))
                .clientId((String) fields.get("client_id"))
                .redirectUri((String) fields.get("redirect_uri"))
                .scopes(new LinkedHashSet<>((List<String>) fields.get("scopes")))
                .state((String) fields.get("state"))
                .additionalParameters((Map<String, Object>) fields.get("additional_parameters"))
                .build();
    }

    private Map<String, Object> readClaims(String text) {
        if (text == null) {
            return Map.of();
        }
        Map<String, Object> claims = json.readValue(text, MAP);
        claims.remove("nbf");
        TIME_CLAIMS.forEach(name -> claims.computeIfPresent(name,
                (k, v) -> Instant.ofEpochSecond(((Number) v).longValue())));
        return claims;
    }

    static Timestamp timestamp(Instant instant) {
        return instant == null ? null : Timestamp.from(instant);
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        Timestamp t = rs.getTimestamp(column);
        return t == null ? null : t.toInstant();
    }

    private static Set<String> strings(ResultSet rs, String column) throws SQLException {
        java.sql.Array array = rs.getArray(column);
        return array == null ? Set.of() : new LinkedHashSet<>(List.of((String[]) array.getArray()));
    }
}
