package dev.quintet.devices.broker;

import com.hivemq.extension.sdk.api.ExtensionMain;
import com.hivemq.extension.sdk.api.parameter.ExtensionStartInput;
import com.hivemq.extension.sdk.api.parameter.ExtensionStartOutput;
import com.hivemq.extension.sdk.api.parameter.ExtensionStopInput;
import com.hivemq.extension.sdk.api.parameter.ExtensionStopOutput;
import com.hivemq.extension.sdk.api.services.Services;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executor;
import java.util.function.Function;

/** The embedded extension: registers the token authenticator, the topic authorizer, interceptors and session events. */
final class DeviceExtension implements ExtensionMain {

    private final Function<String, Optional<UUID>> deviceForToken;
    private final DeviceSessions sessions;
    private final DeviceTraffic traffic;
    private final Executor executor;

    DeviceExtension(Function<String, Optional<UUID>> deviceForToken, DeviceSessions sessions, DeviceTraffic traffic,
                    Executor executor) {
        this.deviceForToken = deviceForToken;
        this.sessions = sessions;
        this.traffic = traffic;
        this.executor = executor;
    }

    @Override
    public void extensionStart(ExtensionStartInput input, ExtensionStartOutput output) {
        TokenAuthenticator authenticator = new TokenAuthenticator(deviceForToken, executor);
        TopicAuthorizer authorizer = new TopicAuthorizer();
        Services.securityRegistry().setAuthenticatorProvider(in -> authenticator);
        Services.securityRegistry().setAuthorizerProvider(in -> authorizer);
        Services.initializerRegistry().setClientInitializer((in, context) -> {
            ClientTraffic client = new ClientTraffic(traffic, executor);
            context.addPublishInboundInterceptor(client);
            context.addPublishOutboundInterceptor(client);
            context.addPubackInboundInterceptor(client);
            context.addSubackOutboundInterceptor(client);
            context.addPingReqInboundInterceptor(client);
        });
        SessionEvents events = new SessionEvents(sessions, traffic, Services.clientService(), executor);
        Services.eventRegistry().setClientLifecycleEventListener(in -> events);
        sessions.open(new EmbeddedLink(Services.publishService(), Services.clientService()));
    }

    @Override
    public void extensionStop(ExtensionStopInput input, ExtensionStopOutput output) {
        sessions.close();
    }
}
