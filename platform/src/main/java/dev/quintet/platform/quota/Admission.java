package dev.quintet.platform.quota;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The quota a request was admitted under, kept on the request (read it with {@code @RequestAttribute(ATTRIBUTE)}) so a
 * service can show its state or give it back when answering cost nothing, such as a capture served from the cache.
 */
public final class Admission {

    /** Request attribute holding the request's {@link Admission}. */
    public static final String ATTRIBUTE = "dev.quintet.platform.quota.Admission";
    private static final Logger log = LoggerFactory.getLogger(Admission.class);

    private final QuotaLimiter limiter;
    private final String subject;
    private volatile QuotaDecision decision;
    private final RateLimitHeaders headers;
    private final AtomicBoolean givenBack = new AtomicBoolean();

    private Admission(QuotaLimiter limiter, String subject, QuotaDecision decision, RateLimitHeaders headers) {
        this.limiter = limiter;
        this.subject = subject;
        this.decision = decision;
        this.headers = headers;
    }

    /** The quota state after this admission, or after it was given back. */
    public QuotaDecision decision() {
        return decision;
    }

    /** Records on {@code request} that it was admitted for {@code subject} by {@code decision}. */
    public static void record(HttpServletRequest request, QuotaLimiter limiter, String subject, QuotaDecision decision,
                              RateLimitHeaders headers) {
        request.setAttribute(ATTRIBUTE, new Admission(limiter, subject, decision, headers));
    }

    /**
     * Gives back, once, the quota {@code request} was admitted under, and sets its rate-limit headers to match;
     * nothing for a request admitted without a key. A quota store that fails here costs the caller one request.
     */
    public static void giveBack(HttpServletRequest request, HttpServletResponse response) {
        if (!(request.getAttribute(ATTRIBUTE) instanceof Admission a) || !a.givenBack.compareAndSet(false, true)) {
            return;
        }
        try {
            a.limiter.giveBack(a.subject, a.decision);
        } catch (RuntimeException e) {
            log.warn("Could not give back a request to the quota store: {}", e.toString());
            return;
        }
        a.decision = a.decision.givenBack();
        a.headers.replace(response, a.decision);
    }
}
