package dev.quintet.devices.values;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.devices.broker.DeviceLink;
import dev.quintet.devices.broker.DeviceSessions;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** Each session of a device gets each version of its delta once, whenever the news of the session arrives. */
class ShadowDownlinkTest {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final List<String> published = new CopyOnWriteArrayList<>();
    private final DeviceSessions sessions = new DeviceSessions();
    private final ShadowDownlink downlink = new ShadowDownlink(sessions, JsonMapper.builder().build());
    private final UUID device = UUID.randomUUID();

    ShadowDownlinkTest() {
        sessions.open(new DeviceLink() {
            @Override
            public CompletableFuture<Boolean> publish(String clientId, String topic, byte[] payload) {
                published.add(clientId + " " + topic);
                return CompletableFuture.completedFuture(true);
            }

            @Override
            public void disconnect(String clientId) {
            }
        });
    }

    @Test
    void theNewsOfASessionArrivingAfterItsDeltaDoesNotSendTheDeltaAgain() {
        sessions.attach(device, new DeviceSessions.Session("client", "connection-1", 60));
        downlink.delta(device, shadow(1));

        downlink.sessionChanged(device);
        downlink.delta(device, shadow(1));

        assertThat(published).containsExactly("client downlink/shadow/delta");
    }

    @Test
    void aNewSessionGetsTheDeltaAgainAndEachSessionEachNewVersionOnce() {
        sessions.attach(device, new DeviceSessions.Session("client", "connection-1", 60));
        downlink.delta(device, shadow(1));
        sessions.detach(device, "connection-1");
        downlink.sessionChanged(device);
        downlink.delta(device, shadow(1));

        sessions.attach(device, new DeviceSessions.Session("client", "connection-2", 60));
        downlink.delta(device, shadow(1));
        downlink.delta(device, shadow(2));
        downlink.delta(device, shadow(2));

        assertThat(published).hasSize(3);
    }

    private static Shadow shadow(long version) {
        ObjectNode desired = NODES.objectNode().put("target", 22);
        return new Shadow(desired, NODES.objectNode(), desired.deepCopy(), NODES.objectNode(), version, Instant.EPOCH);
    }
}
