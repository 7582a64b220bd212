package dev.quintet.console.account;

import dev.quintet.console.oauth.OAuthClients;
import dev.quintet.console.oauth.grants.Authorizations;
import dev.quintet.console.oauth.grants.Consents;
import dev.quintet.platform.accounts.Accounts;
import java.util.UUID;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Deletes an account with everything it owns, in one transaction: its OAuth clients, grants and consents here,
 * the rest in the platform.
 */
@Component
final class AccountDeletion {

    private final Accounts accounts;
    private final OAuthClients clients;
    private final Authorizations grants;
    private final Consents consents;
    private final TransactionTemplate transactions;

    AccountDeletion(Accounts accounts, OAuthClients clients, Authorizations grants, Consents consents,
                    TransactionTemplate transactions) {
        this.accounts = accounts;
        this.clients = clients;
        this.grants = grants;
        this.consents = consents;
        this.transactions = transactions;
    }

    void delete(UUID accountId) {
        transactions.executeWithoutResult(status -> {
            grants.deleteOfAccount(accountId);
            consents.deleteOfAccount(accountId);
            clients.deleteOfAccount(accountId);
            accounts.delete(accountId);
        });
    }
}
