package dev.quintet.console.security;

import dev.quintet.platform.accounts.Accounts;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;

/** Loads the person logging in from the platform's accounts, by email. */
final class AccountUserDetailsService implements UserDetailsService {

    private final Accounts accounts;

    AccountUserDetailsService(Accounts accounts) {
        this.accounts = accounts;
    }

    @Override
    public UserDetails loadUserByUsername(String email) {
        return accounts.byEmail(email).map(ConsoleUser::of)
                .orElseThrow(() -> new UsernameNotFoundException("no account with this email"));
    }
}
