package dev.quintet.console.security;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import java.io.Serializable;

/** What the log-in page says after a refused attempt, and the email to put back in the form; shown once. */
record LoginNotice(String message, String email) implements Serializable {

    static final String GENERIC = "email or password is not correct";

    private static final String ATTRIBUTE = LoginNotice.class.getName();

    void saveIn(HttpServletRequest request) {
        request.getSession().setAttribute(ATTRIBUTE, this);
    }

    static LoginNotice takeFrom(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        if (session == null || !(session.getAttribute(ATTRIBUTE) instanceof LoginNotice notice)) {
            return null;
        }
        session.removeAttribute(ATTRIBUTE);
        return notice;
    }
}
