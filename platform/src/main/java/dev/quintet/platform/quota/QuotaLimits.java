package dev.quintet.platform.quota;

/** How many requests a key may make to one service per minute and per UTC day. */
public record QuotaLimits(long perMinute, long perDay) {

    public QuotaLimits {
        if (perMinute < 1 || perDay < 1) {
            throw new IllegalArgumentException("quota limits must be at least 1, got " + perMinute + "/" + perDay);
        }
    }
}
