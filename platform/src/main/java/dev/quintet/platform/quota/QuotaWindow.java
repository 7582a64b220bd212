package dev.quintet.platform.quota;

/** The two fixed windows: the current UTC minute and the current UTC day. */
public enum QuotaWindow {
    MINUTE("minute", 60),
    DAY("day", 86_400);

    private final String label;
    private final long seconds;

    QuotaWindow(String label, long seconds) {
        this.label = label;
        this.seconds = seconds;
    }

    public String label() {
        return label;
    }

    public long seconds() {
        return seconds;
    }

    /**
     * The start of the window that contains {@code epochSecond}. UTC minutes and days are whole multiples of their
     * length on Java's time-scale (no leap seconds), so this is arithmetic.
     */
    long start(long epochSecond) {
        return Math.floorDiv(epochSecond, seconds) * seconds;
    }

    long end(long epochSecond) {
        return start(epochSecond) + seconds;
    }
}
