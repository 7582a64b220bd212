package dev.quintet.console.security;

import dev.quintet.platform.accounts.Account;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.CredentialsContainer;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.userdetails.UserDetails;

/** The signed-in person: the account's id and email. The password hash is dropped once log-in is done. */
public final class ConsoleUser implements UserDetails, CredentialsContainer {

    private static final List<GrantedAuthority> AUTHORITIES = List.of(new SimpleGrantedAuthority("ROLE_USER"));

    private final UUID accountId;
    private final String email;
    private final boolean active;
    private String passwordHash;

    private ConsoleUser(UUID accountId, String email, boolean active, String passwordHash) {
        this.accountId = accountId;
        this.email = email;
        this.active = active;
        this.passwordHash = passwordHash;
    }

    static ConsoleUser of(Account account) {
        return new ConsoleUser(account.id(), account.email(), account.active(), account.passwordHash());
    }

    /** The account as an authenticated principal without its password hash, for work done on its behalf later. */
    public static Authentication authenticationOf(Account account) {
        ConsoleUser user = of(account);
        user.eraseCredentials();
        return UsernamePasswordAuthenticationToken.authenticated(user, null, user.getAuthorities());
    }

    public UUID accountId() {
        return accountId;
    }

    public String email() {
        return email;
    }

    @Override
    public String getUsername() {
        return email;
    }

    @Override
    public String getPassword() {
        return passwordHash;
    }

    @Override
    public Collection<? extends GrantedAuthority> getAuthorities() {
        return AUTHORITIES;
    }

    @Override
    public boolean isEnabled() {
        return active;
    }

    @Override
    public void eraseCredentials() {
        passwordHash = null;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ConsoleUser user && user.accountId.equals(accountId);
    }

    @Override
    public int hashCode() {
        return accountId.hashCode();
    }

    @Override
    public String toString() {
        return "ConsoleUser[" + accountId + "]";
    }
}
