package dev.quintet.devices.broker;

import com.hivemq.extension.sdk.api.client.parameter.ConnectionInformation;
import java.util.Optional;
import java.util.UUID;

/** What the authenticator leaves on a connection for the authorizer, interceptors and session events. */
final class ConnectionAttributes {

    private static final String DEVICE = "quintet.device";
    private static final String CONNECTION = "quintet.connection";
    private static final String KEEP_ALIVE = "quintet.keep-alive";

    private ConnectionAttributes() {
    }

    static void set(ConnectionInformation connection, UUID deviceId, int keepAliveSeconds) {
        connection.getConnectionAttributeStore().putAsString(DEVICE, deviceId.toString());
        connection.getConnectionAttributeStore().putAsString(CONNECTION, UUID.randomUUID().toString());
        connection.getConnectionAttributeStore().putAsString(KEEP_ALIVE, Integer.toString(keepAliveSeconds));
    }

    /** The keep-alive the client asked for in CONNECT, in seconds; 0 for none. */
    static int keepAlive(ConnectionInformation connection) {
        return connection.getConnectionAttributeStore().getAsString(KEEP_ALIVE).map(Integer::parseInt).orElse(0);
    }

    static Optional<UUID> device(ConnectionInformation connection) {
        return connection.getConnectionAttributeStore().getAsString(DEVICE).map(UUID::fromString);
    }

    static Optional<String> connection(ConnectionInformation connection) {
        return connection.getConnectionAttributeStore().getAsString(CONNECTION);
    }
}
