package dev.quintet.devices.broker;

import com.hivemq.extension.sdk.api.async.Async;
import com.hivemq.extension.sdk.api.async.TimeoutFallback;
import com.hivemq.extension.sdk.api.auth.SimpleAuthenticator;
import com.hivemq.extension.sdk.api.auth.parameter.SimpleAuthInput;
import com.hivemq.extension.sdk.api.auth.parameter.SimpleAuthOutput;
import com.hivemq.extension.sdk.api.packets.connect.ConnackReasonCode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executor;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Lets a client in when its password is a device's token (the user name may be anything); refuses all others. */
final class TokenAuthenticator implements SimpleAuthenticator {

    private static final Logger log = LoggerFactory.getLogger(TokenAuthenticator.class);

    private final Function<String, Optional<UUID>> deviceForToken;
    private final Executor executor;

    TokenAuthenticator(Function<String, Optional<UUID>> deviceForToken, Executor executor) {
        this.deviceForToken = deviceForToken;
        this.executor = executor;
    }

    @Override
    public void onConnect(SimpleAuthInput input, SimpleAuthOutput output) {
        Optional<ByteBuffer> password = input.getConnectPacket().getPassword();
        if (password.isEmpty()) {
            output.failAuthentication(ConnackReasonCode.BAD_USER_NAME_OR_PASSWORD,
                    "send the device token as the MQTT password");
            return;
        }
        ByteBuffer bytes = password.get().duplicate();
        byte[] raw = new byte[bytes.remaining()];
        bytes.get(raw);
        String token = new String(raw, StandardCharsets.UTF_8);
        Async<SimpleAuthOutput> async = output.async(Duration.ofSeconds(10), TimeoutFallback.FAILURE);
        executor.execute(() -> {
            try {
                Optional<UUID> device = deviceForToken.apply(token);
                if (device.isPresent()) {
                    ConnectionAttributes.set(input.getConnectionInformation(), device.get(),
                            input.getConnectPacket().getKeepAlive());
                    output.authenticateSuccessfully();
                } else {
                    output.failAuthentication(ConnackReasonCode.BAD_USER_NAME_OR_PASSWORD, "unknown device token");
                }
            } catch (RuntimeException e) {
                log.error("Device authentication failed", e);
                output.failAuthentication(ConnackReasonCode.SERVER_UNAVAILABLE, "authentication is unavailable");
            } finally {
                async.resume();
            }
        });
    }
}
