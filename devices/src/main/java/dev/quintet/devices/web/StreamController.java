package dev.quintet.devices.web;

import dev.quintet.devices.DevicesProperties;
import dev.quintet.devices.live.LiveChange;
import dev.quintet.devices.live.LiveFeed;
import dev.quintet.devices.values.Values;
import dev.quintet.platform.web.EventStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A device's changes as Server-Sent Events: first its {@code status} and {@code shadow}, then each change
 * ({@code reported}, {@code desired}, {@code status}, {@code command}, {@code event}) as it happens on this node, with
 * a keep-alive comment when the stream is quiet. Every event has an id; a caller reconnecting with
 * {@code Last-Event-ID} gets the changes it missed instead of the opening state, when this node still holds them
 * all. A caller that cannot keep up gets an {@code overflow} event and the end of the stream, and reconnects.
 */
@RestController
final class StreamController {

    private static final int QUEUE = 1000;
    private static final LiveChange END = new LiveChange(new UUID(0, 0), "end", null, null);

    private final DeviceAccess access;
    private final LiveFeed feed;
    private final Values values;
    private final StreamSlots slots;
    private final JsonMapper json;
    private final Duration keepAlive;

    StreamController(DeviceAccess access, LiveFeed feed, Values values, StreamSlots slots, JsonMapper json,
                     DevicesProperties properties) {
        this.access = access;
        this.feed = feed;
        this.values = values;
        this.slots = slots;
        this.json = json;
        this.keepAlive = properties.streamKeepAlive();
    }

    @GetMapping("/api/v1/devices/{id}/stream")
    void stream(@PathVariable String id, HttpServletRequest request, HttpServletResponse response) {
        DeviceAccess.Owned owned = access.find(id, request);
        UUID deviceId = owned.device().id();
        BlockingQueue<LiveChange> queue = new LinkedBlockingQueue<>(QUEUE);
        boolean[] overflow = new boolean[1];
        try (StreamSlots.Slot slot = slots.claim(Caller.key(request));
             LiveFeed.Subscription subscription = feed.subscribe(deviceId, request.getHeader("Last-Event-ID"), change -> {
                 if (!queue.offer(change)) {
                     overflow[0] = true;
                     queue.clear();
                     queue.offer(END);
                 }
             }, () -> queue.offer(END))) {
            EventStream out = new EventStream(response, Map.of());
            out.retry(Duration.ofSeconds(3));
            if (subscription.missed() != null) {
                for (LiveChange change : subscription.missed()) {
                    send(out, change);
                }
            } else {
                ObjectNode status = json.createObjectNode().put("status", owned.device().online() ? "online" : "offline");
                if (owned.device().lastSeenAt() != null) {
                    status.put("last_seen_at", owned.device().lastSeenAt().toString());
                }
                out.event(LiveChange.STATUS, json.writeValueAsString(status), subscription.position());
                out.event("shadow", json.writeValueAsString(values.shadow(deviceId, owned.template())),
                        subscription.position());
            }
            relay(queue, out, overflow);
        } catch (IOException e) {
            // the caller went away: the subscription and the slot are released above
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void relay(BlockingQueue<LiveChange> queue, EventStream out, boolean[] overflow)
            throws IOException, InterruptedException {
        while (true) {
            LiveChange change = queue.poll(keepAlive.toMillis(), TimeUnit.MILLISECONDS);
            if (change == null) {
                out.comment("keep-alive");
            } else if (change == END) {
                if (overflow[0]) {
                    out.event("overflow", "{\"detail\":\"more than " + QUEUE
                            + " changes were waiting for this stream; reconnect and read the shadow again\"}");
                }
                return;
            } else {
                send(out, change);
            }
        }
    }

    private void send(EventStream out, LiveChange change) throws IOException {
        out.event(change.type(), json.writeValueAsString(change.data()), change.id());
    }
}
