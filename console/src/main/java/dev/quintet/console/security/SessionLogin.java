package dev.quintet.console.security;

import dev.quintet.platform.accounts.Account;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextHolderStrategy;
import org.springframework.security.web.authentication.logout.SecurityContextLogoutHandler;
import org.springframework.security.web.context.SecurityContextRepository;

/** Starts and ends sessions outside the log-in form: after sign-up, and after an account is deleted. */
public final class SessionLogin {

    private final SecurityContextRepository repository;
    private final SecurityContextHolderStrategy holder = SecurityContextHolder.getContextHolderStrategy();

    SessionLogin(SecurityContextRepository repository) {
        this.repository = repository;
    }

    /** Logs {@code account} in on a fresh session; whatever the old session held is dropped. */
    public void logIn(Account account, HttpServletRequest request, HttpServletResponse response) {
        HttpSession old = request.getSession(false);
        if (old != null) {
            old.invalidate();
        }
        request.getSession(true);
        ConsoleUser user = ConsoleUser.of(account);
        user.eraseCredentials();
        SecurityContext context = holder.createEmptyContext();
        context.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(user, null, user.getAuthorities()));
        holder.setContext(context);
        repository.saveContext(context, request, response);
    }

    /** Ends the session and forgets who was logged in. */
    public void logOut(HttpServletRequest request, HttpServletResponse response) {
        SecurityContextLogoutHandler handler = new SecurityContextLogoutHandler();
        handler.setSecurityContextRepository(repository);
        handler.logout(request, response, holder.getContext().getAuthentication());
    }
}
