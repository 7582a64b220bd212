package dev.quintet.devices.limits;

/**
 * The shape of a device's bucket: it refills at {@code rate} tokens a second up to {@code burst}, starts full, and
 * each message takes one token.
 */
public record TokenBucket(double rate, int burst) {

    public TokenBucket {
        if (!(rate > 0) || burst < 1) {
            throw new IllegalArgumentException("a bucket needs a rate above 0 and a burst of at least 1");
        }
    }

    /** The tokens {@code tokens} grew to after {@code nanos} of refilling. */
    double refilled(double tokens, long nanos) {
        return nanos <= 0 ? tokens : Math.min(burst, tokens + nanos / 1e9 * rate);
    }

    /** How long an untouched bucket takes to fill up again, in milliseconds. */
    long millisToFill() {
        return (long) Math.ceil(burst / rate * 1000);
    }

    /** The limit in words, for answers to devices and for events. */
    String describe() {
        String perSecond = rate == Math.rint(rate) ? Long.toString((long) rate) : Double.toString(rate);
        return perSecond + " messages per second (bursts of up to " + burst + ")";
    }
}
