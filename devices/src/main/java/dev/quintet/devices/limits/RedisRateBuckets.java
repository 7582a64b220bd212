package dev.quintet.devices.limits;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Buckets in Redis, shared by every node: one script refills the device's bucket, takes a token or records the
 * refusal, in one round trip, so nodes together admit the device's rate once. A bucket is a hash that expires once
 * it would be full again and its minute is over, like an absent one. Time is the callers' clock, as for the
 * platform's quotas. When Redis fails or does not answer within {@value #TIMEOUT_MILLIS} ms, the node limits devices
 * with its own buckets for {@link #FALLBACK} (so device traffic never stops for the limiter), then tries Redis again.
 */
public final class RedisRateBuckets implements RateBuckets {

    static final Duration FALLBACK = Duration.ofSeconds(10);
    static final long TIMEOUT_MILLIS = 500;
    private static final Logger log = LoggerFactory.getLogger(RedisRateBuckets.class);
    /** 0 admitted, 1 the first refusal of the minute, 2 refused. */
    private static final String SCRIPT = """
            local state = redis.call('HMGET', KEYS[1], 'tokens', 'at', 'refused')
            local now = tonumber(ARGV[1])
            local burst = tonumber(ARGV[3])
            local tokens = tonumber(state[1]) or burst
            local at = tonumber(state[2]) or now
            local refused = state[3] or ''
            if now > at then
              tokens = math.min(burst, tokens + (now - at) * tonumber(ARGV[2]))
              at = now
            end
            local take = 0
            if tokens >= 1 then
              tokens = tokens - 1
            elseif refused ~= ARGV[4] then
              refused = ARGV[4]
              take = 1
            else
              take = 2
            end
            redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(at), 'refused', refused)
            redis.call('PEXPIRE', KEYS[1], ARGV[5])
            return take
            """;
    private static final Take[] TAKES = {Take.ADMITTED, Take.FIRST_REFUSED, Take.REFUSED};

    private final TokenBucket bucket;
    private final String namespace;
    private final LocalRateBuckets fallback;
    private final RedisClient client;
    private final StatefulRedisConnection<String, String> connection;
    private final String sha;
    private volatile Instant redisAgainAt = Instant.MIN;

    public RedisRateBuckets(String redisUrl, String namespace, TokenBucket bucket) {
        this.bucket = bucket;
        this.namespace = namespace;
        this.fallback = new LocalRateBuckets(bucket);
        this.client = RedisClient.create(redisUrl);
        this.connection = client.connect();
        this.connection.setTimeout(Duration.ofMillis(TIMEOUT_MILLIS));
        this.sha = connection.sync().scriptLoad(SCRIPT);
    }

    @Override
    public Take take(UUID deviceId, Instant now, long minute) {
        if (now.isBefore(redisAgainAt)) {
            return fallback.take(deviceId, now, minute);
        }
        String[] keys = {namespace + ":{" + deviceId + "}"};
        String[] args = {Long.toString(now.toEpochMilli()), Double.toString(bucket.rate() / 1000),
                Integer.toString(bucket.burst()), Long.toString(minute),
                Long.toString(bucket.millisToFill() + Duration.ofMinutes(1).toMillis())};
        RedisCommands<String, String> redis = connection.sync();
        try {
            Long take;
            try {
                take = redis.evalsha(sha, ScriptOutputType.INTEGER, keys, args);
            } catch (RedisNoScriptException e) {
                take = redis.eval(SCRIPT, ScriptOutputType.INTEGER, keys, args);
            }
            return TAKES[take.intValue()];
        } catch (RuntimeException e) {
            redisAgainAt = now.plus(FALLBACK);
            log.warn("Redis did not answer for the device rate limit; this node limits devices by itself for {}: {}",
                    FALLBACK, e.toString());
            return fallback.take(deviceId, now, minute);
        }
    }

    @Override
    public TokenBucket bucket() {
        return bucket;
    }

    @Override
    public void close() {
        connection.close();
        client.shutdown();
    }
}
