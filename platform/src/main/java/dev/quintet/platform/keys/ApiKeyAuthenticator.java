package dev.quintet.platform.keys;

import dev.quintet.platform.errors.ApiError;
import dev.quintet.platform.errors.ErrorWriter;
import dev.quintet.platform.quota.Admission;
import dev.quintet.platform.quota.QuotaDecision;
import dev.quintet.platform.quota.QuotaLimiter;
import dev.quintet.platform.quota.QuotaLimits;
import dev.quintet.platform.quota.QuotaPolicy;
import dev.quintet.platform.quota.RateLimitHeaders;
import dev.quintet.platform.usage.UsageCounters;
import dev.quintet.platform.web.ServiceRealm;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Authenticates every non-public request of an API service by its key, then admits it against the key's quota.
 * 401 for a missing, misplaced, malformed, unknown, revoked or expired key; 403 for a key not enabled here or a suspended
 * account; 429 with {@code Retry-After} over quota; quota headers on every keyed response. Registered for request
 * dispatches only, so it runs once per request and never on the error dispatch that renders an answer it refused; a
 * plain filter rather than a once-per-request one, which would mark and unmark every request with an attribute.
 */
public final class ApiKeyAuthenticator implements Filter {

    private static final Logger log = LoggerFactory.getLogger(ApiKeyAuthenticator.class);
    private static final int SUBJECTS_KEPT = 100_000;
    static final String ACCEPTED_FORMS =
            "send the key as 'Authorization: Bearer <key>' or as the query parameter 'api_key'";

    private final ServiceRealm realm;
    private final ApiKeys keys;
    private final QuotaLimiter limiter;
    private final QuotaPolicy policy;
    private final UsageCounters usage;
    private final ErrorWriter errors;
    private final RateLimitHeaders rateLimitHeaders = new RateLimitHeaders();
    /** The policy's limits for this service per plan; the policy is fixed configuration. */
    private final ConcurrentHashMap<String, QuotaLimits> limitsByPlan = new ConcurrentHashMap<>();
    /** Quota subjects ({@code key id:service}) of the keys seen, built once each; forgotten all at once when many. */
    private final ConcurrentHashMap<UUID, String> subjects = new ConcurrentHashMap<>();

    public ApiKeyAuthenticator(ServiceRealm realm, ApiKeys keys, QuotaLimiter limiter, QuotaPolicy policy,
                               UsageCounters usage, ErrorWriter errors) {
        this.realm = realm;
        this.keys = keys;
        this.limiter = limiter;
        this.policy = policy;
        this.usage = usage;
        this.errors = errors;
    }

    @Override
    public void doFilter(ServletRequest servletRequest, ServletResponse servletResponse, FilterChain chain)
            throws ServletException, IOException {
        HttpServletRequest request = (HttpServletRequest) servletRequest;
        HttpServletResponse response = (HttpServletResponse) servletResponse;
        if (realm.isPublic(request.getRequestURI())) {
            chain.doFilter(request, response);
            return;
        }
        KeyCredentials credentials = KeyCredentials.of(request);
        if (credentials.keys().isEmpty()) {
            String detail = credentials.misplacedAt() == null
                    ? "an API key is required; " + ACCEPTED_FORMS
                    : "the API key was sent in " + credentials.misplacedAt() + ", which is not read; " + ACCEPTED_FORMS;
            unauthorized(request, response, credentials.misplacedAt() == null ? "missing_api_key" : "misplaced_api_key", detail, false);
            return;
        }
        String secret = credentials.keys().getFirst();
        if (!credentials.allSame()) {
            unauthorized(request, response, "ambiguous_api_key",
                    "two different API keys were sent; send exactly one, " + ACCEPTED_FORMS, true);
            return;
        }
        if (!KeyFormat.isWellFormed(secret)) {
            unauthorized(request, response, "malformed_api_key",
                    "the API key is not a Quintet key (they start with 'qt_' and are " + KeyFormat.LENGTH + " characters long)", true);
            return;
        }
        Optional<ApiKeys.Holder> found = keys.authenticate(secret);
        if (found.isEmpty() || found.get().key().revoked()) {
            unauthorized(request, response, found.isEmpty() ? "unknown_api_key" : "revoked_api_key",
                    found.isEmpty() ? "the API key is not known" : "the API key was revoked", true);
            return;
        }
        ApiKeys.Holder holder = found.get();
        ApiKey key = holder.key();
        if (keys.expired(key)) {
            unauthorized(request, response, "expired_api_key", "the API key has expired", true);
            return;
        }
        if (!"active".equals(holder.accountStatus())) {
            forbidden(request, response, "account_suspended", "the account that owns this key is suspended");
            return;
        }
        if (!key.allows(realm.name())) {
            forbidden(request, response, "service_not_enabled", "this key is not enabled for the " + realm.name()
                    + " service (enabled: " + String.join(", ", key.services()) + "); create a key for it in the console");
            return;
        }
        admit(request, response, chain, holder);
    }

    private void admit(HttpServletRequest request, HttpServletResponse response, FilterChain chain,
                       ApiKeys.Holder holder) throws IOException, ServletException {
        ApiKey key = holder.key();
        QuotaDecision decision;
        String subject = subject(key.id());
        QuotaLimits limits = limitsByPlan.get(holder.plan());
        if (limits == null) {
            limits = limitsByPlan.computeIfAbsent(holder.plan(), plan -> policy.limits(plan, realm.name()));
        }
        try {
            decision = limiter.acquire(subject, limits);
        } catch (RuntimeException e) {
            log.error("Quota store unavailable", e);
            response.setHeader("Retry-After", "1");
            errors.write(request, response, new ApiError(503, "quota_unavailable",
                    "quota accounting is unavailable; retry shortly", null, null));
            return;
        }
        rateLimitHeaders.apply(response, limits, decision);
        if (!decision.allowed()) {
            usage.recordThrottled(key.id(), realm.name());
            String which = decision.day().remaining() > 0 ? "per-minute" : "per-day"; // both spent: the day
            errors.write(request, response, new ApiError(429, "rate_limited",
                    "the " + which + " quota of this key is spent; retry after " + decision.retryAfterSeconds() + " seconds",
                    null, null));
            return;
        }
        usage.recordAdmitted(key.id(), realm.name());
        request.setAttribute(KeyHolder.ATTRIBUTE,
                new KeyHolder(key.id(), key.accountId(), key.prefix(), key.services(), holder.plan(), key.console()));
        Admission.record(request, limiter, subject, decision, rateLimitHeaders);
        chain.doFilter(request, response);
    }

    private String subject(UUID keyId) {
        String subject = subjects.get(keyId);
        if (subject == null) {
            if (subjects.size() >= SUBJECTS_KEPT) {
                subjects.clear();
            }
            subject = keyId + ":" + realm.name();
            subjects.put(keyId, subject);
        }
        return subject;
    }

    private void unauthorized(HttpServletRequest request, HttpServletResponse response, String code, String detail,
                              boolean invalidToken) throws IOException {
        String challenge = "Bearer realm=\"" + realm.name() + "\"";
        if (invalidToken) {
            challenge += ", error=\"invalid_token\"";
        }
        response.setHeader("WWW-Authenticate", challenge);
        errors.write(request, response, new ApiError(401, code, detail, null, null));
    }

    private void forbidden(HttpServletRequest request, HttpServletResponse response, String code, String detail)
            throws IOException {
        errors.write(request, response, new ApiError(403, code, detail, null, null));
    }
}
