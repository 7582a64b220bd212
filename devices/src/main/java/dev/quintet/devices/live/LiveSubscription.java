package dev.quintet.devices.live;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One listener of a device's feed, read by one thread through {@link #next}: every change after the listener's
 * position, once and in the order of their ids. Changes may reach the node late or out of order (a notice from
 * another node, or two local transactions finishing in either order); a change whose id skips some is held back
 * while the skipped ones are read from the feed. When they are no longer there, or the feed holds a {@code reset}
 * mark, the listener must start again from the device's state: {@link Restart}.
 */
public final class LiveSubscription implements AutoCloseable {

    /** What the listener does next. */
    public sealed interface Step permits Change, Restart, Quiet, Overflow, End {
    }

    /** The next change. */
    public record Change(LiveChange change) implements Step {
    }

    /**
     * Read the device's state with {@link LiveFeed#head} in one snapshot, send it, and call {@link #startAt} with that
     * id. {@code reason} is null when the listener just opened without an id; otherwise it is what the caller lost.
     */
    public record Restart(Reset reason) implements Step {
    }

    /** Nothing happened for the time waited. */
    public record Quiet() implements Step {
    }

    /** More than {@value #QUEUE} changes waited: the listener is dropped. */
    public record Overflow() implements Step {
    }

    /** The feed shut down. */
    public record End() implements Step {
    }

    /** Why a listener starts again from the state. */
    public enum Reset {
        /** The id it came back with is not one of this device's feed. */
        UNKNOWN_ID("unknown_id"),
        /** Changes after its position are no longer all kept (too old, too many, or made while nobody watched). */
        NOT_KEPT("not_kept");

        private final String code;

        Reset(String code) {
            this.code = code;
        }

        public String code() {
            return code;
        }
    }

    /** The most changes held for a listener, and the most read back for it at once. */
    public static final int QUEUE = 1000;
    private static final LiveChange END = new LiveChange(new UUID(0, 0), "end", null, 0);

    private final UUID deviceId;
    private final LiveLog log;
    private final Consumer<LiveSubscription> onClose;
    private final BlockingQueue<LiveChange> queue = new LinkedBlockingQueue<>(QUEUE);
    private volatile boolean overflow;
    /** The reader's own state, touched only by the thread calling {@link #next}. */
    private final Deque<LiveChange> backlog = new ArrayDeque<>();
    private long position = -1;
    private Reset pendingReason;
    private boolean pendingRestart;

    LiveSubscription(UUID deviceId, LiveLog log, Consumer<LiveSubscription> onClose) {
        this.deviceId = deviceId;
        this.log = log;
        this.onClose = onClose;
    }

    /** The next step, waiting up to {@code wait} for a change. */
    public Step next(Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        while (true) {
            if (pendingRestart) {
                pendingRestart = false;
                position = -1;
                return new Restart(pendingReason);
            }
            if (position < 0) {
                throw new IllegalStateException("startAt must follow a Restart");
            }
            LiveChange change = backlog.poll();
            if (change == null) {
                change = queue.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
            if (change == null) {
                return new Quiet();
            }
            if (change == END) {
                return overflow ? new Overflow() : new End();
            }
            if (change.id() <= position) {
                continue;
            }
            if (change.id() > position + 1) {
                if (!fill(change)) {
                    restart(Reset.NOT_KEPT);
                }
                continue;
            }
            if (LiveChange.RESET.equals(change.type())) {
                restart(Reset.NOT_KEPT);
                continue;
            }
            position = change.id();
            return new Change(change);
        }
    }

    /** Goes on after {@code id}: the id of the state the listener just sent. */
    public void startAt(long id) {
        position = id;
        backlog.clear();
    }

    @Override
    public void close() {
        onClose.accept(this);
    }

    UUID deviceId() {
        return deviceId;
    }

    /** Starts from the state: with a reason when the listener came back with an id it cannot resume from. */
    void restart(Reset reason) {
        pendingRestart = true;
        pendingReason = reason;
        backlog.clear();
    }

    /** Resumes after {@code id}, with the changes since, read from the feed. */
    void resume(long id, List<LiveChange> missed) {
        position = id;
        backlog.addAll(missed);
    }

    /** Hands over a change (from any thread, never blocking); a full queue drops the listener. */
    void offer(LiveChange change) {
        if (!queue.offer(change)) {
            overflow = true;
            queue.clear();
            queue.offer(END);
        }
    }

    /** Ends the listener: the feed is shutting down. */
    void end() {
        if (!queue.offer(END)) {
            queue.clear();
            queue.offer(END);
        }
    }

    /** Reads the changes between the position and {@code change} from the feed; false when some are gone. */
    private boolean fill(LiveChange change) {
        long missing = change.id() - position - 1;
        if (missing > QUEUE) {
            return false;
        }
        List<LiveChange> found = log.after(deviceId, position, (int) missing);
        if (!contiguous(found, position) || found.size() != missing) {
            return false;
        }
        backlog.addAll(found);
        backlog.add(change);
        return true;
    }

    /** Whether {@code changes} follow {@code after} one by one. */
    static boolean contiguous(List<LiveChange> changes, long after) {
        long expected = after + 1;
        for (LiveChange c : changes) {
            if (c.id() != expected++) {
                return false;
            }
        }
        return true;
    }
}
