package dev.quintet.console.oauth.grants;

import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.accounts.Accounts;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationConsent;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationConsentService;

/**
 * The {@code console.oauth_consents} table: the scopes each user has allowed each app, remembered so the consent
 * page is shown again only when an app asks for more. Spring names the user by email; rows keep the account id.
 */
public final class Consents implements OAuth2AuthorizationConsentService {

    private final JdbcClient jdbc;
    private final Accounts accounts;
    private final Clock clock;

    Consents(JdbcClient jdbc, Accounts accounts, Clock clock) {
        this.jdbc = jdbc;
        this.accounts = accounts;
        this.clock = clock;
    }

    @Override
    public void save(OAuth2AuthorizationConsent consent) {
        account(consent.getPrincipalName()).ifPresent(account -> jdbc.sql("""
                INSERT INTO console.oauth_consents (client_id, account_id, scopes, granted_at)
                VALUES (:client, :account, :scopes, :now)
                ON CONFLICT (client_id, account_id) DO UPDATE SET scopes = EXCLUDED.scopes, granted_at = EXCLUDED.granted_at""")
                .param("client", consent.getRegisteredClientId()).param("account", account.id())
                .param("scopes", consent.getScopes().stream().sorted().toArray(String[]::new))
                .param("now", Timestamp.from(clock.instant()))
                .update());
    }

    @Override
    public void remove(OAuth2AuthorizationConsent consent) {
        account(consent.getPrincipalName()).ifPresent(account -> revoke(account.id(), consent.getRegisteredClientId()));
    }

    @Override
    public OAuth2AuthorizationConsent findById(String clientId, String principalName) {
        return account(principalName).flatMap(account -> jdbc.sql("""
                        SELECT scopes FROM console.oauth_consents WHERE client_id = :client AND account_id = :account""")
                        .param("client", clientId).param("account", account.id())
                        .query((rs, n) -> List.of((String[]) rs.getArray("scopes").getArray())).optional())
                .filter(scopes -> !scopes.isEmpty())
                .map(scopes -> {
                    OAuth2AuthorizationConsent.Builder consent = OAuth2AuthorizationConsent.withId(clientId, principalName);
                    scopes.forEach(consent::scope);
                    return consent.build();
                })
                .orElse(null);
    }

    /** The apps an account has allowed, most recent first. */
    public List<Grant> ofAccount(UUID accountId) {
        return jdbc.sql("""
                SELECT g.client_id, c.name, g.scopes, g.granted_at FROM console.oauth_consents g
                JOIN console.oauth_clients c ON c.client_id = g.client_id
                WHERE g.account_id = :account ORDER BY g.granted_at DESC, c.name""")
                .param("account", accountId)
                .query((rs, n) -> new Grant(rs.getString("client_id"), rs.getString("name"),
                        List.of((String[]) rs.getArray("scopes").getArray()), rs.getTimestamp("granted_at").toInstant()))
                .list();
    }

    /** Forgets what an account allowed a client; returns false when there was nothing to forget. */
    public boolean revoke(UUID accountId, String clientId) {
        return jdbc.sql("DELETE FROM console.oauth_consents WHERE client_id = :client AND account_id = :account")
                .param("client", clientId).param("account", accountId).update() == 1;
    }

    /** Forgets everything an account allowed, when the account is deleted. */
    public int deleteOfAccount(UUID accountId) {
        return jdbc.sql("DELETE FROM console.oauth_consents WHERE account_id = :account").param("account", accountId).update();
    }

    private Optional<Account> account(String email) {
        return accounts.byEmail(email);
    }
}
