package dev.quintet.console.security;

import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.accounts.Accounts;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.authentication.logout.SecurityContextLogoutHandler;
import org.springframework.web.filter.OncePerRequestFilter;

/** Ends the session of an account that was deleted or suspended since it logged in. */
final class ActiveAccountFilter extends OncePerRequestFilter {

    private final Accounts accounts;
    private final SecurityContextLogoutHandler logout = new SecurityContextLogoutHandler();

    ActiveAccountFilter(Accounts accounts) {
        this.accounts = accounts;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return SecurityConfiguration.isStaticAsset(request.getRequestURI());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Authentication authentication = SecurityContextHolder.getContextHolderStrategy().getContext().getAuthentication();
        if (authentication != null && authentication.getPrincipal() instanceof ConsoleUser user
                && accounts.byId(user.accountId()).filter(Account::active).isEmpty()) {
            logout.logout(request, response, authentication);
            response.sendRedirect(request.getContextPath() + "/login?ended");
            return;
        }
        chain.doFilter(request, response);
    }
}
