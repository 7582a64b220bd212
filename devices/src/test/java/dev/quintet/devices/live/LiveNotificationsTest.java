package dev.quintet.devices.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The notices' payloads: split below PostgreSQL's limit, read back whole, a node's own skipped. */
class LiveNotificationsTest {

    @Test
    void splitsManyDevicesIntoPayloadsBelowTheLimitAndReadsThemBack() {
        Map<UUID, Long> heads = new LinkedHashMap<>();
        for (int i = 0; i < 1000; i++) {
            heads.put(UUID.randomUUID(), (long) i * 1_000_003);
        }
        List<String> payloads = LiveNotifications.payloads("node-a", heads);

        assertThat(payloads).hasSizeGreaterThan(1);
        assertThat(payloads).allSatisfy(p -> assertThat(p.getBytes(StandardCharsets.UTF_8).length)
                .isLessThanOrEqualTo(LiveNotifications.MAX_PAYLOAD));
        Map<UUID, Long> read = new HashMap<>();
        payloads.forEach(p -> LiveNotifications.read(p, "node-b", read));
        assertThat(read).isEqualTo(heads);
    }

    @Test
    void keepsTheHighestIdOfADeviceAndSkipsTheNodesOwnNotices() {
        UUID device = UUID.randomUUID();
        Map<UUID, Long> read = new HashMap<>();
        LiveNotifications.read("node-a " + device + ":7", "node-b", read);
        LiveNotifications.read("node-a " + device + ":5", "node-b", read);
        LiveNotifications.read("node-b " + device + ":9", "node-b", read);
        LiveNotifications.read("node-a not-a-device:3", "node-b", read);

        assertThat(read).containsExactly(Map.entry(device, 7L));
    }
}
