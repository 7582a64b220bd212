package dev.quintet.platform.quota;

/**
 * The outcome of one admission at {@code at} (epoch seconds): whether it was allowed, and each window's limit, what
 * is left and seconds to reset.
 */
public record QuotaDecision(boolean allowed, Window minute, Window day, long at) {

    /** One window's state after the decision. */
    public record Window(QuotaWindow window, long limit, long remaining, long resetSeconds) {
    }

    /** Seconds until a refused caller may try again: until every exhausted window has reset. */
    public long retryAfterSeconds() {
        long wait = 0;
        if (minute.remaining() == 0) {
            wait = Math.max(wait, minute.resetSeconds());
        }
        if (day.remaining() == 0) {
            wait = Math.max(wait, day.resetSeconds());
        }
        return Math.max(1, wait);
    }

    /** The window closest to refusing, the one older {@code X-RateLimit-*} headers describe. */
    public Window tightest() {
        return day.remaining() < minute.remaining() ? day : minute;
    }

    static QuotaDecision of(boolean allowed, QuotaLimits limits, long minuteUsed, long dayUsed, long now) {
        return new QuotaDecision(allowed,
                window(QuotaWindow.MINUTE, limits.perMinute(), minuteUsed, now),
                window(QuotaWindow.DAY, limits.perDay(), dayUsed, now), now);
    }

    /** This admission as it stands once given back: one more left in each window. */
    QuotaDecision givenBack() {
        return new QuotaDecision(allowed, more(minute), more(day), at);
    }

    private static Window more(Window w) {
        return new Window(w.window(), w.limit(), Math.min(w.limit(), w.remaining() + 1), w.resetSeconds());
    }

    private static Window window(QuotaWindow w, long limit, long used, long now) {
        long reset = Math.max(1, w.end(now) - now);
        return new Window(w, limit, Math.max(0, limit - used), reset);
    }
}
