package dev.quintet.console.oauth.grants;

import java.sql.Timestamp;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.core.endpoint.OAuth2ParameterNames;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationCode;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;

/**
 * The {@code console.oauth_authorizations} table: one row per grant a user made to an app, with its current code,
 * access token and refresh token, each stored as a SHA-256 hash ({@link TokenHashes}). Refresh tokens rotate on
 * every use; a replaced one is remembered (as a hash in {@code console.oauth_retired_refresh_tokens}), and
 * presenting it again revokes the whole grant (RFC 9700 §4.14). A grant is saved only over the version it was read
 * at: of two requests racing with the same code or refresh token, the later save fails with {@code invalid_grant}
 * instead of silently replacing the tokens the earlier one handed out.
 */
public final class Authorizations implements OAuth2AuthorizationService {

    private static final Logger log = LoggerFactory.getLogger(Authorizations.class);

    /**
     * Saves a grant over the version it was read at and, when its refresh token changed, remembers the replaced
     * one, in one statement, so both happen or neither. {@code old} is the row as the statement's snapshot has it;
     * the save only goes through when the row is still at the version read, so that is the row it replaces.
     */
    private static final String SAVE = """
            WITH old AS (SELECT refresh_hash FROM console.oauth_authorizations WHERE id = :id),
            saved AS (
            INSERT INTO console.oauth_authorizations (id, client_id, account_id, principal_name, grant_type, scopes,
                state, request, code_hash, code_issued_at, code_expires_at, code_invalidated,
                access_hash, access_issued_at, access_expires_at, access_scopes, access_claims, access_invalidated,
                refresh_hash, refresh_issued_at, refresh_expires_at, refresh_invalidated, created_at)
            VALUES (:id, :client, :account, :principal, :grant, :scopes, :state, :request,
                :code, :codeIssued, :codeExpires, :codeInvalidated,
                :access, :accessIssued, :accessExpires, :accessScopes, :accessClaims, :accessInvalidated,
                :refresh, :refreshIssued, :refreshExpires, :refreshInvalidated, :now)
            ON CONFLICT (id) DO UPDATE SET scopes = EXCLUDED.scopes, state = EXCLUDED.state, request = EXCLUDED.request,
                code_hash = EXCLUDED.code_hash, code_issued_at = EXCLUDED.code_issued_at,
                code_expires_at = EXCLUDED.code_expires_at, code_invalidated = EXCLUDED.code_invalidated,
                access_hash = EXCLUDED.access_hash, access_issued_at = EXCLUDED.access_issued_at,
                access_expires_at = EXCLUDED.access_expires_at, access_scopes = EXCLUDED.access_scopes,
                access_claims = EXCLUDED.access_claims, access_invalidated = EXCLUDED.access_invalidated,
                refresh_hash = EXCLUDED.refresh_hash, refresh_issued_at = EXCLUDED.refresh_issued_at,
                refresh_expires_at = EXCLUDED.refresh_expires_at, refresh_invalidated = EXCLUDED.refresh_invalidated,
                version = console.oauth_authorizations.version + 1
            WHERE console.oauth_authorizations.version = :readVersion
            RETURNING 1),
            retired AS (
            INSERT INTO console.oauth_retired_refresh_tokens (token_hash, authorization_id, retired_at)
            SELECT old.refresh_hash, :id, :now FROM old, saved
            WHERE old.refresh_hash IS NOT NULL AND old.refresh_hash IS DISTINCT FROM CAST(:refresh AS bytea)
            ON CONFLICT DO NOTHING)
            SELECT count(*) FROM saved""";

    private final JdbcClient jdbc;
    private final AuthorizationRows rows;
    private final Clock clock;

    Authorizations(JdbcClient jdbc, AuthorizationRows rows, Clock clock) {
        this.jdbc = jdbc;
        this.rows = rows;
        this.clock = clock;
    }

    @Override
    public void save(OAuth2Authorization authorization) {
        var code = authorization.getToken(OAuth2AuthorizationCode.class);
        var access = authorization.getAccessToken();
        var refresh = authorization.getRefreshToken();
        byte[] newRefresh = refresh == null ? null : TokenHashes.toStore(refresh.getToken().getTokenValue());
        Long readVersion = authorization.getAttribute(AuthorizationRows.VERSION);
        int saved = jdbc.sql(SAVE)
                .param("id", authorization.getId())
                .param("client", authorization.getRegisteredClientId())
                .param("account", AuthorizationRows.accountOf(authorization))
                .param("principal", authorization.getPrincipalName())
                .param("grant", authorization.getAuthorizationGrantType().getValue())
                .param("scopes", authorization.getAuthorizedScopes().toArray(String[]::new))
                .param("state", authorization.<String>getAttribute(OAuth2ParameterNames.STATE))
                .param("request", rows.requestToStore(authorization))
                .param("code", code == null ? null : TokenHashes.toStore(code.getToken().getTokenValue()))
                .param("codeIssued", code == null ? null : AuthorizationRows.timestamp(code.getToken().getIssuedAt()))
                .param("codeExpires", code == null ? null : AuthorizationRows.timestamp(code.getToken().getExpiresAt()))
                .param("codeInvalidated", code != null && code.isInvalidated())
                .param("access", access == null ? null : TokenHashes.toStore(access.getToken().getTokenValue()))
                .param("accessIssued", access == null ? null : AuthorizationRows.timestamp(access.getToken().getIssuedAt()))
                .param("accessExpires", access == null ? null : AuthorizationRows.timestamp(access.getToken().getExpiresAt()))
                .param("accessScopes", access == null ? null : access.getToken().getScopes().toArray(String[]::new))
                .param("accessClaims", access == null ? null : rows.claimsToStore(authorization, access))
                .param("accessInvalidated", access != null && access.isInvalidated())
                .param("refresh", newRefresh)
                .param("refreshIssued", refresh == null ? null : AuthorizationRows.timestamp(refresh.getToken().getIssuedAt()))
                .param("refreshExpires", refresh == null ? null : AuthorizationRows.timestamp(refresh.getToken().getExpiresAt()))
                .param("refreshInvalidated", refresh != null && refresh.isInvalidated())
                .param("now", Timestamp.from(clock.instant()))
                .param("readVersion", readVersion == null ? -1L : readVersion)
                .query(Integer.class).single();
        if (saved == 0) {
            throw new OAuth2AuthenticationException(new OAuth2Error(OAuth2ErrorCodes.INVALID_GRANT,
                    "the grant was changed by another request meanwhile; use the tokens that request received", null));
        }
    }

    @Override
    public void remove(OAuth2Authorization authorization) {
        jdbc.sql("DELETE FROM console.oauth_authorizations WHERE id = :id").param("id", authorization.getId()).update();
    }

    @Override
    public OAuth2Authorization findById(String id) {
        return find("g.id = :token", id, null, true, true);
    }

    @Override
    public OAuth2Authorization findByToken(String token, OAuth2TokenType type) {
        if (token == null || token.isEmpty()) {
            return null;
        }
        String where = type == null
                ? "g.state = :token OR g.code_hash = :hash OR g.access_hash = :hash OR g.refresh_hash = :hash"
                : switch (type.getValue()) {
                    case OAuth2ParameterNames.STATE -> "g.state = :token";
                    case OAuth2ParameterNames.CODE -> "g.code_hash = :hash";
                    case OAuth2ParameterNames.ACCESS_TOKEN -> "g.access_hash = :hash";
                    case OAuth2ParameterNames.REFRESH_TOKEN -> "g.refresh_hash = :hash";
                    default -> null;
                };
        if (where == null) {
            return null;
        }
        TokenHashes.Presented presented = TokenHashes.Presented.of(token);
        boolean byIssuedToken = type != null && (type.getValue().equals(OAuth2ParameterNames.ACCESS_TOKEN)
                || type.getValue().equals(OAuth2ParameterNames.REFRESH_TOKEN));
        boolean byRefreshToken = OAuth2TokenType.REFRESH_TOKEN.equals(type);
        OAuth2Authorization found = find(where, token, presented, !byIssuedToken, !byRefreshToken);
        if (found == null && (type == null || OAuth2TokenType.REFRESH_TOKEN.equals(type))) {
            revokeFamilyOfRetired(presented.hash());
        }
        return found;
    }

    /** Revokes every grant an account made to a client; returns how many there were. */
    public int revoke(UUID accountId, String clientId) {
        return jdbc.sql("DELETE FROM console.oauth_authorizations WHERE account_id = :account AND client_id = :client")
                .param("account", accountId).param("client", clientId).update();
    }

    /** Deletes every grant an account made, when the account is deleted. */
    public int deleteOfAccount(UUID accountId) {
        return jdbc.sql("DELETE FROM console.oauth_authorizations WHERE account_id = :account")
                .param("account", accountId).update();
    }

    private OAuth2Authorization find(String where, String token, TokenHashes.Presented presented, boolean withRequest,
                                     boolean withAccessClaims) {
        var query = jdbc.sql(AuthorizationRows.SELECT + " WHERE " + where);
        if (where.contains(":token")) {
            query = query.param("token", token);
        }
        if (where.contains(":hash")) {
            query = query.param("hash", presented.hash());
        }
        List<AuthorizationRows.Row> found = query.query((rs, n) -> AuthorizationRows.read(rs, presented)).list();
        return found.isEmpty() ? null : rows.toAuthorization(found.getFirst(), withRequest, withAccessClaims);
    }

    private void revokeFamilyOfRetired(byte[] tokenHash) {
        Optional<String> family = jdbc.sql("SELECT authorization_id FROM console.oauth_retired_refresh_tokens WHERE token_hash = :hash")
                .param("hash", tokenHash).query(String.class).optional();
        family.ifPresent(id -> {
            jdbc.sql("DELETE FROM console.oauth_authorizations WHERE id = :id").param("id", id).update();
            log.warn("A replaced refresh token of authorization {} was presented again; the grant is revoked", id);
        });
    }
}
