package dev.quintet.platform.quota;

/** Admits or refuses one request of a key to a service, counting it in both windows only when admitted. */
public interface QuotaLimiter {

    QuotaDecision acquire(String subject, QuotaLimits limits);
}
