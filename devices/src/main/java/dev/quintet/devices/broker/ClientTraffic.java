package dev.quintet.devices.broker;

import com.hivemq.extension.sdk.api.async.Async;
import com.hivemq.extension.sdk.api.async.TimeoutFallback;
import com.hivemq.extension.sdk.api.interceptor.pingreq.PingReqInboundInterceptor;
import com.hivemq.extension.sdk.api.interceptor.pingreq.parameter.PingReqInboundInput;
import com.hivemq.extension.sdk.api.interceptor.pingreq.parameter.PingReqInboundOutput;
import com.hivemq.extension.sdk.api.interceptor.puback.PubackInboundInterceptor;
import com.hivemq.extension.sdk.api.interceptor.puback.parameter.PubackInboundInput;
import com.hivemq.extension.sdk.api.interceptor.puback.parameter.PubackInboundOutput;
import com.hivemq.extension.sdk.api.interceptor.publish.PublishInboundInterceptor;
import com.hivemq.extension.sdk.api.interceptor.publish.PublishOutboundInterceptor;
import com.hivemq.extension.sdk.api.interceptor.publish.parameter.PublishInboundInput;
import com.hivemq.extension.sdk.api.interceptor.publish.parameter.PublishInboundOutput;
import com.hivemq.extension.sdk.api.interceptor.publish.parameter.PublishOutboundInput;
import com.hivemq.extension.sdk.api.interceptor.publish.parameter.PublishOutboundOutput;
import com.hivemq.extension.sdk.api.interceptor.suback.SubackOutboundInterceptor;
import com.hivemq.extension.sdk.api.interceptor.suback.parameter.SubackOutboundInput;
import com.hivemq.extension.sdk.api.interceptor.suback.parameter.SubackOutboundOutput;
import com.hivemq.extension.sdk.api.packets.general.Qos;
import com.hivemq.extension.sdk.api.packets.publish.AckReasonCode;
import com.hivemq.extension.sdk.api.packets.subscribe.SubackReasonCode;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The interceptors of one client connection: hands its publishes to the service (and delivers them to no one else;
 * over the device's rate limit they are dropped, with PUBACK "quota exceeded" in MQTT 5), and reports its pings,
 * its acknowledgements of QoS 1 messages and its downlink subscriptions.
 */
final class ClientTraffic implements PublishInboundInterceptor, PublishOutboundInterceptor, PubackInboundInterceptor,
        SubackOutboundInterceptor, PingReqInboundInterceptor {

    private static final Logger log = LoggerFactory.getLogger(ClientTraffic.class);

    private final DeviceTraffic traffic;
    private final Executor executor;
    private final ConcurrentMap<Integer, String> awaitingAck = new ConcurrentHashMap<>();
    private CompletableFuture<Void> last = CompletableFuture.completedFuture(null);

    ClientTraffic(DeviceTraffic traffic, Executor executor) {
        this.traffic = traffic;
        this.executor = executor;
    }

    @Override
    public void onInboundPublish(PublishInboundInput input, PublishInboundOutput output) {
        Optional<UUID> device = ConnectionAttributes.device(input.getConnectionInformation());
        String topic = input.getPublishPacket().getTopic();
        if (device.isEmpty() || !DeviceTopics.mayPublish(topic)) {
            output.preventPublishDelivery(AckReasonCode.NOT_AUTHORIZED, "devices publish only to their uplink topics");
            return;
        }
        byte[] payload = input.getPublishPacket().getPayload().map(ClientTraffic::bytes).orElse(new byte[0]);
        if (input.getPublishPacket().getQos() == Qos.AT_MOST_ONCE) {
            output.preventPublishDelivery();
            inOrder(() -> {
                if (traffic.admit(device.get())) {
                    traffic.uplink(device.get(), topic, payload).exceptionally(e -> {
                        log.debug("Could not store {} from device {}: {}", topic, device.get(), e.toString());
                        return null;
                    });
                }
            });
            return;
        }
        Async<PublishInboundOutput> async = output.async(Duration.ofSeconds(30), TimeoutFallback.FAILURE,
                AckReasonCode.UNSPECIFIED_ERROR, "the message was not stored in time");
        inOrder(() -> {
            CompletableFuture<Void> stored;
            try {
                if (!traffic.admit(device.get())) {
                    output.preventPublishDelivery(AckReasonCode.QUOTA_EXCEEDED, "the device's message rate limit is exceeded");
                    async.resume();
                    return;
                }
                stored = traffic.uplink(device.get(), topic, payload);
            } catch (RuntimeException e) {
                stored = CompletableFuture.failedFuture(e);
            }
            stored.whenComplete((done, e) -> {
                if (e == null) {
                    output.preventPublishDelivery();
                } else {
                    log.warn("Could not handle {} from device {}: {}", topic, device.get(), e.toString());
                    output.preventPublishDelivery(AckReasonCode.UNSPECIFIED_ERROR, "the message could not be stored");
                }
                async.resume();
            });
        });
    }

    /**
     * Runs the connection's message handlers one after another, each once the one before handed its values to the
     * writer (not once they are stored), so QoS 0 messages are not held one at a time yet keep their order.
     */
    private synchronized void inOrder(Runnable handler) {
        CompletableFuture<Void> ran = new CompletableFuture<>();
        CompletableFuture<Void> before = last;
        last = ran;
        before.whenComplete((v, e) -> executor.execute(() -> {
            try {
                handler.run();
            } catch (RuntimeException e2) {
                log.warn("A message handler of a device failed: {}", e2.toString());
            } finally {
                ran.complete(null);
            }
        }));
    }

    @Override
    public void onInboundPingReq(PingReqInboundInput input, PingReqInboundOutput output) {
        ConnectionAttributes.device(input.getConnectionInformation())
                .ifPresent(device -> executor.execute(() -> traffic.pinged(device)));
    }

    @Override
    public void onOutboundPublish(PublishOutboundInput input, PublishOutboundOutput output) {
        if (input.getPublishPacket().getQos() != Qos.AT_MOST_ONCE) {
            awaitingAck.put(input.getPublishPacket().getPacketId(), input.getPublishPacket().getTopic());
        }
    }

    @Override
    public void onInboundPuback(PubackInboundInput input, PubackInboundOutput output) {
        String topic = awaitingAck.remove(input.getPubackPacket().getPacketIdentifier());
        Optional<UUID> device = ConnectionAttributes.device(input.getConnectionInformation());
        if (topic != null && device.isPresent()) {
            executor.execute(() -> traffic.acknowledged(device.get(), topic));
        }
    }

    @Override
    public void onOutboundSuback(SubackOutboundInput input, SubackOutboundOutput output) {
        Optional<UUID> device = ConnectionAttributes.device(input.getConnectionInformation());
        boolean granted = input.getSubackPacket().getReasonCodes().stream().anyMatch(c ->
                c == SubackReasonCode.GRANTED_QOS_0 || c == SubackReasonCode.GRANTED_QOS_1 || c == SubackReasonCode.GRANTED_QOS_2);
        if (granted && device.isPresent()) {
            executor.execute(() -> traffic.subscribed(device.get()));
        }
    }

    private static byte[] bytes(ByteBuffer buffer) {
        ByteBuffer copy = buffer.duplicate();
        byte[] bytes = new byte[copy.remaining()];
        copy.get(bytes);
        return bytes;
    }
}
