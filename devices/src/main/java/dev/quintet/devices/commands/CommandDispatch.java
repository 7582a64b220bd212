package dev.quintet.devices.commands;

import dev.quintet.devices.broker.DeviceSessions;
import dev.quintet.devices.broker.DeviceTopics;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Moves commands through their states: sends queued ones to connected devices on {@code downlink/cmd/{id}} (QoS 1),
 * records acknowledgements and answers, and puts unacknowledged ones back in the queue when a session ends.
 *
 * <p>A device often answers a two-way command right after acknowledging it. Storing the acknowledgement on its own
 * would make the answer wait for that transaction (both change the same row), so the acknowledgement of a two-way
 * command this node sent is held for {@link #ANSWER_GRACE}: an answer within that time records DELIVERED and its
 * result in one transaction; otherwise the acknowledgement is stored alone once the grace ends, before the
 * device's unacknowledged commands are put back when its session ends, or when the node shuts down. Only the
 * device's acknowledgement is held, never something the service acknowledges to the device: the answer is
 * acknowledged once stored.
 */
public final class CommandDispatch {

    /** How long the acknowledgement of a two-way command waits for the answer, to be stored with it. */
    static final Duration ANSWER_GRACE = Duration.ofMillis(50);
    private static final Logger log = LoggerFactory.getLogger(CommandDispatch.class);

    private final Commands commands;
    private final DeviceSessions sessions;
    private final JsonMapper json;
    private final Clock clock;
    /** Two-way commands this node sent, until the device acknowledges them (forgotten after a while otherwise). */
    private final Cache<UUID, UUID> sentTwoWay = Caffeine.newBuilder().expireAfterWrite(Duration.ofMinutes(10))
            .maximumSize(100_000).build();
    /** Acknowledgements held for the answer, by command. */
    private final ConcurrentMap<UUID, Ack> held = new ConcurrentHashMap<>();
    private final Executor afterGrace = CompletableFuture.delayedExecutor(ANSWER_GRACE.toMillis(),
            TimeUnit.MILLISECONDS, task -> Thread.ofVirtual().name("command-ack").start(task));

    private record Ack(UUID deviceId, Instant at) {
    }

    public CommandDispatch(Commands commands, DeviceSessions sessions, JsonMapper json, Clock clock) {
        this.commands = commands;
        this.sessions = sessions;
        this.json = json;
        this.clock = clock;
    }

    /**
     * Queues the command for the account's device and, when the device is connected, stores it as sent (claiming any
     * others waiting) in one statement and sends it once that committed, so a command to a connected device costs one
     * commit before it goes out. The statement that stores it checks that the account has the device: empty when
     * not.
     */
    public Optional<Command> create(UUID accountId, UUID deviceId, NewCommand spec) {
        UUID id = UUID.randomUUID();
        Command queued = new Command(id, deviceId, spec.method(), spec.params(), spec.twoWay(), CommandStatus.QUEUED,
                spec.timeout(), clock.instant(), spec.expiresAt(), null, null, null, null, null);
        Stored stored = sessions.exclusively(deviceId, () -> {
            if (!sessions.isConnected(deviceId)) {
                return new Stored(commands.insert(accountId, queued), null);
            }
            List<Command> claimed = commands.insertAndClaim(accountId, queued, clock.instant());
            List<UUID> unsent = send(deviceId, claimed);
            return new Stored(!claimed.isEmpty(), claimed.stream()
                    .filter(c -> c.id().equals(id) && !unsent.contains(id)).findFirst().orElse(null));
        });
        if (!stored.owned()) {
            return Optional.empty();
        }
        return Optional.of(stored.sent() != null ? stored.sent() : commands.find(deviceId, id).orElseThrow());
    }

    /** What {@link #create} stored: nothing when the account has no such device; the command if it went out. */
    private record Stored(boolean owned, Command sent) {
    }

    /** Sends the device's queued commands if it is connected. */
    public void send(UUID deviceId) {
        sessions.exclusively(deviceId, () -> {
            if (sessions.isConnected(deviceId)) {
                send(deviceId, commands.claimQueued(deviceId, clock.instant()));
            }
            return null;
        });
    }

    /** Sends claimed commands; puts those that could not be sent back in the queue and returns their ids. */
    private List<UUID> send(UUID deviceId, List<Command> claimed) {
        List<UUID> unsent = new ArrayList<>();
        for (Command c : claimed) {
            if (c.twoWay()) {
                sentTwoWay.put(c.id(), deviceId);
            }
            if (sessions.send(deviceId, DeviceTopics.downlinkCommand(c.id().toString()), payload(c))
                    != DeviceSessions.Delivery.SENT) {
                sentTwoWay.invalidate(c.id());
                unsent.add(c.id());
            }
        }
        if (!unsent.isEmpty()) {
            commands.requeue(deviceId, unsent);
        }
        return unsent;
    }

    /** Stores the acknowledgements held for the device, then puts its unacknowledged commands back in the queue. */
    public void sessionEnded(UUID deviceId) {
        held.forEach((id, ack) -> {
            if (ack.deviceId().equals(deviceId)) {
                storeHeld(id);
            }
        });
        commands.requeue(deviceId, null);
    }

    /**
     * The device acknowledged the message on {@code topic}; true when it was a command. The acknowledgement of a
     * two-way command this node sent is held for the answer (see above).
     */
    public boolean acknowledged(UUID deviceId, String topic) {
        String prefix = DeviceTopics.downlinkCommand("");
        if (!topic.startsWith(prefix)) {
            return false;
        }
        Optional<UUID> id = id(topic.substring(prefix.length()));
        if (id.isEmpty()) {
            return false;
        }
        Instant now = clock.instant();
        if (sentTwoWay.asMap().remove(id.get(), deviceId)) {
            held.put(id.get(), new Ack(deviceId, now));
            afterGrace.execute(() -> storeHeld(id.get()));
            return true;
        }
        return commands.delivered(deviceId, id.get(), now);
    }

    /**
     * The device answered command {@code idText}: a JSON object with {@code error} fails it; otherwise its
     * {@code result} field (or the whole payload) is the result. A held acknowledgement is stored with it.
     */
    public boolean answered(UUID deviceId, String idText, byte[] payload) {
        Optional<UUID> id = id(idText);
        if (id.isEmpty()) {
            return false;
        }
        Instant now = clock.instant();
        sentTwoWay.asMap().remove(id.get(), deviceId);
        Ack ack = held.remove(id.get());
        Instant deliveredAt = ack != null && ack.deviceId().equals(deviceId) ? ack.at() : now;
        JsonNode answer = parse(payload);
        if (answer.isObject() && answer.has("error")) {
            JsonNode error = answer.get("error");
            return commands.answered(deviceId, id.get(), null,
                    error.isString() ? error.stringValue() : error.toString(), now, deliveredAt);
        }
        JsonNode result = answer.isObject() && answer.has("result") ? answer.get("result") : answer;
        return commands.answered(deviceId, id.get(), result, null, now, deliveredAt);
    }

    public boolean cancel(UUID deviceId, UUID id) {
        return commands.cancel(deviceId, id, clock.instant());
    }

    /** Stores every held acknowledgement at once: the node is shutting down. */
    public void close() {
        held.keySet().forEach(this::storeHeld);
    }

    /** Stores a held acknowledgement unless an answer took it. */
    private void storeHeld(UUID id) {
        Ack ack = held.remove(id);
        if (ack == null) {
            return;
        }
        try {
            commands.delivered(ack.deviceId(), id, ack.at());
        } catch (RuntimeException e) {
            log.warn("Could not store the acknowledgement of command {}: {}", id, e.toString());
        }
    }

    private byte[] payload(Command c) {
        ObjectNode body = json.createObjectNode().put("id", c.id().toString()).put("method", c.method())
                .put("two_way", c.twoWay());
        if (c.params() != null) {
            body.set("params", c.params());
        }
        return json.writeValueAsBytes(body);
    }

    private JsonNode parse(byte[] payload) {
        String text = new String(payload, StandardCharsets.UTF_8);
        try {
            return json.readTree(text);
        } catch (JacksonException e) {
            return json.getNodeFactory().stringNode(text);
        }
    }

    private static Optional<UUID> id(String text) {
        try {
            return Optional.of(UUID.fromString(text));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
