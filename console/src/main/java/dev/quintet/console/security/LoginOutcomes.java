package dev.quintet.console.security;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.security.authentication.DisabledException;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;
import org.springframework.security.web.authentication.SavedRequestAwareAuthenticationSuccessHandler;
import org.springframework.security.web.savedrequest.RequestCache;

/** Feeds log-in results to the throttle; every refusal reads the same unless the password was right. */
final class LoginOutcomes extends SavedRequestAwareAuthenticationSuccessHandler implements AuthenticationFailureHandler {

    static final String SUSPENDED = "this account is suspended; contact support to restore it";

    private final LoginThrottle throttle;

    LoginOutcomes(LoginThrottle throttle, RequestCache requestCache) {
        this.throttle = throttle;
        setDefaultTargetUrl("/dashboard");
        setRequestCache(requestCache);
    }

    @Override
    public void onAuthenticationSuccess(HttpServletRequest request, HttpServletResponse response,
                                        Authentication authentication) throws ServletException, IOException {
        throttle.recordSuccess(request.getParameter(SecurityConfiguration.EMAIL_PARAMETER));
        super.onAuthenticationSuccess(request, response, authentication);
    }

    @Override
    public void onAuthenticationFailure(HttpServletRequest request, HttpServletResponse response,
                                        AuthenticationException exception) throws IOException {
        String email = request.getParameter(SecurityConfiguration.EMAIL_PARAMETER);
        String message;
        if (exception instanceof DisabledException) {
            message = SUSPENDED;
        } else {
            throttle.recordFailure(email, request.getRemoteAddr());
            message = LoginNotice.GENERIC;
        }
        new LoginNotice(message, email).saveIn(request);
        response.sendRedirect(request.getContextPath() + "/login?error");
    }
}
