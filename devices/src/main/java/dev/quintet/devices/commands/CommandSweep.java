package dev.quintet.devices.commands;

import java.time.Clock;

/**
 * Ends overdue commands (EXPIRED, TIMED_OUT). Rows are claimed with {@code FOR UPDATE SKIP LOCKED}, so any number
 * of nodes may sweep at once.
 */
public final class CommandSweep {

    private static final int BATCH = 500;

    private final Commands commands;
    private final Clock clock;

    public CommandSweep(Commands commands, Clock clock) {
        this.commands = commands;
        this.clock = clock;
    }

    /** Sweeps until nothing is overdue; returns how many commands it ended. */
    public int runOnce() {
        int total = 0;
        int n;
        do {
            n = commands.sweep(clock.instant(), BATCH);
            total += n;
        } while (n == BATCH);
        return total;
    }
}
