package dev.quintet.platform.web;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Writes Server-Sent Events to a caller, one flush per frame, never buffering. Safe to use from several threads
 * (a request thread and a keep-alive thread). The first frame commits the response as {@code 200 text/event-stream}
 * with {@code Cache-Control: no-cache}, {@code X-Accel-Buffering: no} and the caller's extra headers. Once a write
 * fails the caller is {@link #gone()} and every later write throws {@link IOException}.
 */
public final class EventStream {

    private final HttpServletResponse response;
    private final Map<String, String> headers;
    private final ReentrantLock lock = new ReentrantLock();
    private ServletOutputStream out;
    private boolean keepAlivesStopped;
    private volatile long lastWrite = System.nanoTime();
    private volatile boolean gone;

    /** A stream answering {@code response}, adding {@code headers} when it commits. */
    public EventStream(HttpServletResponse response, Map<String, String> headers) {
        this.response = response;
        this.headers = Map.copyOf(headers);
    }

    /** Whether anything was sent: once true, the status is 200 and failures can only be told inside the stream. */
    public boolean committed() {
        lock.lock();
        try {
            return out != null;
        } finally {
            lock.unlock();
        }
    }

    /** Whether a write failed because the caller went away. */
    public boolean gone() {
        return gone;
    }

    /** An unnamed event whose data is {@code payload}, UTF-8; each of its lines becomes a {@code data:} line. */
    public void data(byte[] payload) throws IOException {
        write(frame(null, payload));
    }

    public void data(String payload) throws IOException {
        data(payload.getBytes(StandardCharsets.UTF_8));
    }

    /** An event named {@code name} (one line) carrying {@code payload}. */
    public void event(String name, String payload) throws IOException {
        event(name, payload, null);
    }

    /**
     * An event named {@code name} carrying {@code payload}, with an {@code id} (one line, or null for none) that
     * the caller's EventSource sends back as {@code Last-Event-ID} when it reconnects.
     */
    public void event(String name, String payload, String id) throws IOException {
        oneLine("an event name", name);
        if (id != null) {
            oneLine("an event id", id);
        }
        byte[] frame = frame(name, payload.getBytes(StandardCharsets.UTF_8));
        write(id == null ? frame : concat(("id: " + id + "\n").getBytes(StandardCharsets.UTF_8), frame));
    }

    private static void oneLine(String what, String text) {
        if (text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0) {
            throw new IllegalArgumentException(what + " must be one line, got " + text.strip());
        }
    }

    /** A comment line, which clients skip: a keep-alive or a note. */
    public void comment(String text) throws IOException {
        write(lines(": ", text.getBytes(StandardCharsets.UTF_8)));
    }

    /** Tells the caller's EventSource how long to wait before reconnecting. */
    public void retry(Duration wait) throws IOException {
        write(("retry: " + wait.toMillis() + "\n\n").getBytes(StandardCharsets.US_ASCII));
    }

    /**
     * Writes the comment only if nothing was written for {@code idle} and keep-alives were not stopped; false once
     * the caller is gone.
     */
    public boolean commentIfIdle(String text, Duration idle) {
        lock.lock();
        try {
            if (!gone && !keepAlivesStopped && System.nanoTime() - lastWrite >= idle.toNanos()) {
                comment(text);
            }
            return !gone;
        } catch (IOException e) {
            return false;
        } finally {
            lock.unlock();
        }
    }

    /** From now on {@link #commentIfIdle} writes nothing, so only the caller's own frames can commit the stream. */
    public void stopKeepAlives() {
        lock.lock();
        try {
            keepAlivesStopped = true;
        } finally {
            lock.unlock();
        }
    }

    private void write(byte[] frame) throws IOException {
        lock.lock();
        try {
            if (gone) {
                throw new IOException("the client disconnected");
            }
            if (out == null) {
                response.setStatus(HttpServletResponse.SC_OK);
                response.setContentType("text/event-stream;charset=UTF-8");
                response.setHeader("Cache-Control", "no-cache");
                response.setHeader("X-Accel-Buffering", "no");
                headers.forEach(response::setHeader);
                out = response.getOutputStream();
            }
            out.write(frame);
            out.flush();
            lastWrite = System.nanoTime();
        } catch (IOException e) {
            gone = true;
            throw e;
        } finally {
            lock.unlock();
        }
    }

    private static byte[] frame(String name, byte[] payload) {
        byte[] data = lines("data: ", payload);
        if (name == null) {
            return data;
        }
        return concat(("event: " + name + "\n").getBytes(StandardCharsets.UTF_8), data);
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] both = new byte[first.length + second.length];
        System.arraycopy(first, 0, both, 0, first.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }

    /** {@code prefix} before each line of {@code text}, then the blank line that ends the frame. */
    private static byte[] lines(String prefix, byte[] text) {
        byte[] start = prefix.getBytes(StandardCharsets.US_ASCII);
        if (!hasLineBreak(text)) {
            byte[] frame = new byte[start.length + text.length + 2];
            System.arraycopy(start, 0, frame, 0, start.length);
            System.arraycopy(text, 0, frame, start.length, text.length);
            frame[frame.length - 2] = '\n';
            frame[frame.length - 1] = '\n';
            return frame;
        }
        ByteArrayOutputStream frame = new ByteArrayOutputStream(text.length + 16);
        frame.writeBytes(start);
        for (int i = 0; i < text.length; i++) {
            byte b = text[i];
            if (b == '\r' || b == '\n') {
                if (b == '\r' && i + 1 < text.length && text[i + 1] == '\n') {
                    i++;
                }
                frame.write('\n');
                frame.writeBytes(start);
            } else {
                frame.write(b);
            }
        }
        frame.write('\n');
        frame.write('\n');
        return frame.toByteArray();
    }

    private static boolean hasLineBreak(byte[] text) {
        for (byte b : text) {
            if (b == '\n' || b == '\r') {
                return true;
            }
        }
        return false;
    }
}
