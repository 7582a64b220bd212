package dev.quintet.devices.broker;

import com.hivemq.extension.sdk.api.auth.PublishAuthorizer;
import com.hivemq.extension.sdk.api.auth.SubscriptionAuthorizer;
import com.hivemq.extension.sdk.api.auth.parameter.PublishAuthorizerInput;
import com.hivemq.extension.sdk.api.auth.parameter.PublishAuthorizerOutput;
import com.hivemq.extension.sdk.api.auth.parameter.SubscriptionAuthorizerInput;
import com.hivemq.extension.sdk.api.auth.parameter.SubscriptionAuthorizerOutput;
import com.hivemq.extension.sdk.api.packets.publish.AckReasonCode;
import com.hivemq.extension.sdk.api.packets.subscribe.SubackReasonCode;

/** A device may publish only to the uplink topics and subscribe only under {@code downlink/}. */
final class TopicAuthorizer implements PublishAuthorizer, SubscriptionAuthorizer {

    @Override
    public void authorizePublish(PublishAuthorizerInput input, PublishAuthorizerOutput output) {
        String topic = input.getPublishPacket().getTopic();
        if (ConnectionAttributes.device(input.getConnectionInformation()).isPresent() && DeviceTopics.mayPublish(topic)) {
            output.authorizeSuccessfully();
        } else {
            output.failAuthorization(AckReasonCode.NOT_AUTHORIZED, "devices publish only to their uplink topics");
        }
    }

    @Override
    public void authorizeSubscribe(SubscriptionAuthorizerInput input, SubscriptionAuthorizerOutput output) {
        String filter = input.getSubscription().getTopicFilter();
        if (ConnectionAttributes.device(input.getConnectionInformation()).isPresent() && DeviceTopics.maySubscribe(filter)) {
            output.authorizeSuccessfully();
        } else {
            output.failAuthorization(SubackReasonCode.NOT_AUTHORIZED, "devices subscribe only under downlink/");
        }
    }
}
