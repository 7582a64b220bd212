package dev.quintet.devices.web;

import dev.quintet.devices.DevicesProperties;
import dev.quintet.devices.live.LiveChange;
import dev.quintet.devices.live.LiveFeed;
import dev.quintet.devices.live.LiveSubscription;
import dev.quintet.devices.registry.Device;
import dev.quintet.devices.registry.Devices;
import dev.quintet.devices.templates.Template;
import dev.quintet.devices.values.Shadow;
import dev.quintet.devices.values.Values;
import dev.quintet.platform.web.EventStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A device's changes as Server-Sent Events: first its {@code status} and {@code shadow}, then each change
 * ({@code reported}, {@code desired}, {@code status}, {@code command}, {@code event}) as it happens on any node, with
 * a keep-alive comment when the stream is quiet. Every event has an id; a caller reconnecting with
 * {@code Last-Event-ID}, to this node or another, gets the changes it missed instead of the opening state while the
 * feed still holds them all, else a {@code reset} event and the opening state. A caller that cannot keep up gets an
 * {@code overflow} event and the end of the stream, and reconnects.
 */
@RestController
final class StreamController {

    private final DeviceAccess access;
    private final LiveFeed feed;
    private final Devices devices;
    private final Values values;
    private final StreamSlots slots;
    private final JsonMapper json;
    private final Duration keepAlive;
    private final TransactionTemplate snapshot;

    StreamController(DeviceAccess access, LiveFeed feed, Devices devices, Values values, StreamSlots slots,
                     JsonMapper json, DevicesProperties properties, PlatformTransactionManager transactions) {
        this.access = access;
        this.feed = feed;
        this.devices = devices;
        this.values = values;
        this.slots = slots;
        this.json = json;
        this.keepAlive = properties.streamKeepAlive();
        this.snapshot = new TransactionTemplate(transactions);
        this.snapshot.setIsolationLevel(TransactionDefinition.ISOLATION_REPEATABLE_READ);
        this.snapshot.setReadOnly(true);
    }

    @GetMapping("/api/v1/devices/{id}/stream")
    void stream(@PathVariable String id, HttpServletRequest request, HttpServletResponse response) {
        DeviceAccess.Owned owned = access.find(id, request);
        UUID deviceId = owned.device().id();
        try (StreamSlots.Slot slot = slots.claim(Caller.key(request));
             LiveSubscription subscription = feed.subscribe(deviceId, request.getHeader("Last-Event-ID"))) {
            EventStream out = new EventStream(response, Map.of());
            out.retry(Duration.ofSeconds(3));
            relay(subscription, out, deviceId, owned.template());
        } catch (IOException e) {
            // the caller went away: the subscription and the slot are released above
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void relay(LiveSubscription subscription, EventStream out, UUID deviceId, Template template)
            throws IOException, InterruptedException {
        while (true) {
            switch (subscription.next(keepAlive)) {
                case LiveSubscription.Change c -> send(out, c.change());
                case LiveSubscription.Quiet q -> out.comment("keep-alive");
                case LiveSubscription.Restart r -> {
                    if (r.reason() != null) {
                        out.event("reset", json.writeValueAsString(json.createObjectNode().put("reason", r.reason().code())
                                .put("detail", detail(r.reason()))));
                    }
                    Opening opening = snapshot.execute(s -> new Opening(devices.byId(deviceId).orElse(null),
                            values.shadow(deviceId, template), feed.head(deviceId)));
                    if (opening == null || opening.device() == null) {
                        return;
                    }
                    open(out, opening);
                    subscription.startAt(opening.head());
                }
                case LiveSubscription.Overflow o -> {
                    out.event("overflow", "{\"detail\":\"more than " + LiveSubscription.QUEUE
                            + " changes were waiting for this stream; reconnect\"}");
                    return;
                }
                case LiveSubscription.End e -> {
                    return;
                }
            }
        }
    }

    /** The state to start from, and the id of the device's last change in the same snapshot. */
    private record Opening(Device device, Shadow shadow, long head) {
    }

    private void open(EventStream out, Opening opening) throws IOException {
        String id = Long.toString(opening.head());
        ObjectNode status = json.createObjectNode().put("status", opening.device().online() ? "online" : "offline");
        if (opening.device().lastSeenAt() != null) {
            status.put("last_seen_at", opening.device().lastSeenAt().toString());
        }
        out.event(LiveChange.STATUS, json.writeValueAsString(status), id);
        out.event("shadow", json.writeValueAsString(opening.shadow()), id);
    }

    private static String detail(LiveSubscription.Reset reason) {
        return switch (reason) {
            case UNKNOWN_ID -> "Last-Event-ID is not an id of this device's stream; start again from the status and"
                    + " shadow that follow";
            case NOT_KEPT -> "the changes since the last id are no longer all kept; start again from the status and"
                    + " shadow that follow";
        };
    }

    private void send(EventStream out, LiveChange change) throws IOException {
        out.event(change.type(), json.writeValueAsString(change.data()), Long.toString(change.id()));
    }
}
