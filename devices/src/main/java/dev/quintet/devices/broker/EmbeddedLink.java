package dev.quintet.devices.broker;

import com.hivemq.extension.sdk.api.packets.general.Qos;
import com.hivemq.extension.sdk.api.services.builder.Builders;
import com.hivemq.extension.sdk.api.services.publish.PublishService;
import com.hivemq.extension.sdk.api.services.publish.PublishToClientResult;
import com.hivemq.extension.sdk.api.services.session.ClientService;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;

/** Reaches sessions of the embedded broker through its publish and client services. */
final class EmbeddedLink implements DeviceLink {

    private final PublishService publisher;
    private final ClientService clients;

    EmbeddedLink(PublishService publisher, ClientService clients) {
        this.publisher = publisher;
        this.clients = clients;
    }

    @Override
    public CompletableFuture<Boolean> publish(String clientId, String topic, byte[] payload) {
        return publisher.publishToClient(Builders.publish().topic(topic).qos(Qos.AT_LEAST_ONCE)
                        .payload(ByteBuffer.wrap(payload)).build(), clientId)
                .thenApply(result -> result == PublishToClientResult.SUCCESSFUL).toCompletableFuture();
    }

    @Override
    public void disconnect(String clientId) {
        clients.disconnectClient(clientId);
    }
}
