package dev.quintet.platform.quota;

/** Admits or refuses one request of a key to a service, counting it in both windows only when admitted. */
public interface QuotaLimiter {

    QuotaDecision acquire(String subject, QuotaLimits limits);

    /**
     * Takes back one request {@code admitted} counted, from each window it counted in that has not ended since (a
     * new window starts from zero anyway).
     */
    void giveBack(String subject, QuotaDecision admitted);
}
