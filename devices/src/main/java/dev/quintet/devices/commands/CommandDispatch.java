package dev.quintet.devices.commands;

import dev.quintet.devices.broker.DeviceSessions;
import dev.quintet.devices.broker.DeviceTopics;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Moves commands through their states: sends queued ones to connected devices on {@code downlink/cmd/{id}} (QoS 1),
 * records acknowledgements and answers, and puts unacknowledged ones back in the queue when a session ends.
 */
public final class CommandDispatch {

    private final Commands commands;
    private final DeviceSessions sessions;
    private final JsonMapper json;
    private final Clock clock;
    private final TransactionTemplate tx;

    public CommandDispatch(Commands commands, DeviceSessions sessions, JsonMapper json, Clock clock,
                           TransactionTemplate tx) {
        this.commands = commands;
        this.sessions = sessions;
        this.json = json;
        this.clock = clock;
        this.tx = tx;
    }

    /**
     * Queues the command and, when the device is connected, claims it (with any others waiting) in the same transaction
     * and sends it once that committed, so a command to a connected device costs one commit before it goes out.
     */
    public Command create(UUID deviceId, NewCommand spec) {
        UUID id = UUID.randomUUID();
        Command queued = new Command(id, deviceId, spec.method(), spec.params(), spec.twoWay(), CommandStatus.QUEUED,
                spec.timeout(), clock.instant(), spec.expiresAt(), null, null, null, null, null);
        Optional<Command> sent = sessions.exclusively(deviceId, () -> {
            if (!sessions.isConnected(deviceId)) {
                commands.insert(queued);
                return Optional.<Command>empty();
            }
            List<Command> claimed = tx.execute(s -> {
                commands.insert(queued);
                return commands.claimQueued(deviceId, clock.instant());
            });
            List<UUID> unsent = send(deviceId, claimed);
            return claimed.stream().filter(c -> c.id().equals(id) && !unsent.contains(id)).findFirst();
        });
        return sent.or(() -> commands.find(deviceId, id)).orElseThrow();
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
            if (sessions.send(deviceId, DeviceTopics.downlinkCommand(c.id().toString()), payload(c))
                    != DeviceSessions.Delivery.SENT) {
                unsent.add(c.id());
            }
        }
        if (!unsent.isEmpty()) {
            commands.requeue(deviceId, unsent);
        }
        return unsent;
    }

    public void sessionEnded(UUID deviceId) {
        commands.requeue(deviceId, null);
    }

    /** The device acknowledged the message on {@code topic}; true when it was a command. */
    public boolean acknowledged(UUID deviceId, String topic) {
        String prefix = DeviceTopics.downlinkCommand("");
        return topic.startsWith(prefix) && id(topic.substring(prefix.length()))
                .map(id -> commands.delivered(deviceId, id, clock.instant())).orElse(false);
    }

    /**
     * The device answered command {@code idText}: a JSON object with {@code error} fails it; otherwise its
     * {@code result} field (or the whole payload) is the result.
     */
    public boolean answered(UUID deviceId, String idText, byte[] payload) {
        Optional<UUID> id = id(idText);
        if (id.isEmpty()) {
            return false;
        }
        Instant now = clock.instant();
        JsonNode answer = parse(payload);
        if (answer.isObject() && answer.has("error")) {
            JsonNode error = answer.get("error");
            return commands.answered(deviceId, id.get(), null, error.isString() ? error.stringValue() : error.toString(), now);
        }
        JsonNode result = answer.isObject() && answer.has("result") ? answer.get("result") : answer;
        return commands.answered(deviceId, id.get(), result, null, now);
    }

    public boolean cancel(UUID deviceId, UUID id) {
        return commands.cancel(deviceId, id, clock.instant());
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
