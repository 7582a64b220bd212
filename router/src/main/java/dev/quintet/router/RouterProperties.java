package dev.quintet.router;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of the router ({@code quintet.router.*}, or {@code QUINTET_ROUTER_*} in the environment).
 *
 * @param config a JSON file adding providers and models ({@code QUINTET_ROUTER_CONFIG}); none by default
 * @param connectTimeout how long to wait for an upstream connection
 * @param upstreamTimeout how long an upstream may send nothing: before its response headers and within its body
 * @param keepAliveInterval how long a stream that has sent nothing waits before an SSE comment starts it
 * @param free the free tier's allowances ({@code quintet.router.free.*})
 * @param billing credit reservations ({@code quintet.router.billing.*})
 * @param routing endpoint choice and health ({@code quintet.router.routing.*})
 */
@ConfigurationProperties("quintet.router")
public record RouterProperties(
        Path config,
        @DefaultValue("5s") Duration connectTimeout,
        @DefaultValue("120s") Duration upstreamTimeout,
        @DefaultValue("1s") Duration keepAliveInterval,
        @DefaultValue Free free,
        @DefaultValue Billing billing,
        @DefaultValue Routing routing) {

    /**
     * Requests to free models per account, all its keys together.
     *
     * @param perDayWithCredit the daily allowance once the account's grants reach {@code creditForHigherLimit} USD
     */
    public record Free(
            @DefaultValue("20") long perMinute,
            @DefaultValue("50") long perDay,
            @DefaultValue("1000") long perDayWithCredit,
            @DefaultValue("10") BigDecimal creditForHigherLimit) {
    }

    /**
     * @param holdTtl how long a reservation of credit lasts if never settled (a call longer than this is charged
     *     no more than was reserved, but its reservation no longer keeps other requests from the credit)
     * @param defaultMaxCompletionTokens the completion length reserved for when neither the request nor the
     *     endpoint limits it
     */
    public record Billing(
            @DefaultValue("1h") Duration holdTtl,
            @DefaultValue("8192") long defaultMaxCompletionTokens) {
    }

    /**
     * @param seed a seed for the price-weighted choice of endpoint, making it reproducible; none by default
     * @param healthWindow how far back the outcomes of calls count for an endpoint's health and figures
     * @param coolDown how long an endpoint is passed over after a failure; doubled for each further failure in a row
     * @param maxCoolDown the longest cool-down
     */
    public record Routing(
            Long seed,
            @DefaultValue("30m") Duration healthWindow,
            @DefaultValue("5s") Duration coolDown,
            @DefaultValue("5m") Duration maxCoolDown) {
    }
}
