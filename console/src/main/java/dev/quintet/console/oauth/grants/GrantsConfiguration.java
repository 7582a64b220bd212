package dev.quintet.console.oauth.grants;

import dev.quintet.platform.accounts.Accounts;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;

/** The stores of grants and consents the authorization server uses. */
@Configuration(proxyBeanMethods = false)
class GrantsConfiguration {

    @Bean
    Authorizations authorizations(JdbcClient jdbc, RegisteredClientRepository clients, Clock clock) {
        return new Authorizations(jdbc, new AuthorizationRows(clients, clock), clock);
    }

    @Bean
    Consents consents(JdbcClient jdbc, Accounts accounts, Clock clock) {
        return new Consents(jdbc, accounts, clock);
    }
}
