package dev.quintet.devices.broker;

import com.hivemq.extension.sdk.api.events.client.ClientLifecycleEventListener;
import com.hivemq.extension.sdk.api.events.client.parameters.AuthenticationSuccessfulInput;
import com.hivemq.extension.sdk.api.events.client.parameters.ConnectionStartInput;
import com.hivemq.extension.sdk.api.events.client.parameters.DisconnectEventInput;
import com.hivemq.extension.sdk.api.services.session.ClientService;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executor;

/**
 * Tracks sessions: one per device (a second connection with the same token ends the first), and tells the service
 * when a device's session starts or ends, whether by DISCONNECT, a lost connection or a missed keep-alive.
 */
final class SessionEvents implements ClientLifecycleEventListener {

    private final DeviceSessions sessions;
    private final DeviceTraffic traffic;
    private final ClientService clients;
    private final Executor executor;

    SessionEvents(DeviceSessions sessions, DeviceTraffic traffic, ClientService clients, Executor executor) {
        this.sessions = sessions;
        this.traffic = traffic;
        this.clients = clients;
        this.executor = executor;
    }

    @Override
    public void onMqttConnectionStart(ConnectionStartInput input) {
    }

    @Override
    public void onAuthenticationSuccessful(AuthenticationSuccessfulInput input) {
        Optional<UUID> device = ConnectionAttributes.device(input.getConnectionInformation());
        Optional<String> connection = ConnectionAttributes.connection(input.getConnectionInformation());
        if (device.isEmpty() || connection.isEmpty()) {
            return;
        }
        String clientId = input.getClientInformation().getClientId();
        DeviceSessions.Session previous = sessions.attach(device.get(), new DeviceSessions.Session(clientId, connection.get(),
                ConnectionAttributes.keepAlive(input.getConnectionInformation())));
        if (previous != null && !previous.clientId().equals(clientId)) {
            clients.disconnectClient(previous.clientId());
        }
        executor.execute(() -> traffic.sessionChanged(device.get()));
    }

    @Override
    public void onDisconnect(DisconnectEventInput input) {
        Optional<UUID> device = ConnectionAttributes.device(input.getConnectionInformation());
        Optional<String> connection = ConnectionAttributes.connection(input.getConnectionInformation());
        if (device.isPresent() && connection.isPresent() && sessions.detach(device.get(), connection.get())) {
            executor.execute(() -> traffic.sessionChanged(device.get()));
        }
    }
}
