package dev.quintet.platform.quota;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.time.Clock;
import java.util.List;

/**
 * Quotas shared by every node through Redis: one script checks both windows and counts the request in both only
 * when both have room, in a single round trip, so no node admits past a limit.
 */
public final class RedisQuotaLimiter implements QuotaLimiter, AutoCloseable {

    private static final String SCRIPT = """
            local m = tonumber(redis.call('GET', KEYS[1]) or '0')
            local d = tonumber(redis.call('GET', KEYS[2]) or '0')
            if m < tonumber(ARGV[1]) and d < tonumber(ARGV[2]) then
              m = redis.call('INCR', KEYS[1])
              if m == 1 then redis.call('EXPIREAT', KEYS[1], ARGV[3]) end
              d = redis.call('INCR', KEYS[2])
              if d == 1 then redis.call('EXPIREAT', KEYS[2], ARGV[4]) end
              return {1, m, d}
            end
            return {0, m, d}
            """;
    /** Takes one back from each window key that still exists (an ended window's key has expired or is unused). */
    private static final String GIVE_BACK = """
            for _, key in ipairs(KEYS) do
              if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
            end
            return 0
            """;
    private static final long EXPIRY_SLACK_SECONDS = 60;

    private final RedisClient client;
    private final StatefulRedisConnection<String, String> connection;
    private final String sha;
    private final String namespace;
    private final Clock clock;

    public RedisQuotaLimiter(String redisUrl, String namespace, Clock clock) {
        this.client = RedisClient.create(redisUrl);
        this.connection = client.connect();
        this.sha = connection.sync().scriptLoad(SCRIPT);
        this.namespace = namespace;
        this.clock = clock;
    }

    @Override
    public QuotaDecision acquire(String subject, QuotaLimits limits) {
        long now = clock.instant().getEpochSecond();
        long minute = QuotaWindow.MINUTE.start(now);
        long day = QuotaWindow.DAY.start(now);
        String tag = namespace + ":{" + subject + "}";
        String[] keys = {tag + ":m:" + minute, tag + ":d:" + day};
        String[] args = {Long.toString(limits.perMinute()), Long.toString(limits.perDay()),
                Long.toString(QuotaWindow.MINUTE.end(now) + EXPIRY_SLACK_SECONDS),
                Long.toString(QuotaWindow.DAY.end(now) + EXPIRY_SLACK_SECONDS)};
        RedisCommands<String, String> redis = connection.sync();
        List<Long> result;
        try {
            result = redis.evalsha(sha, ScriptOutputType.MULTI, keys, args);
        } catch (RedisNoScriptException e) {
            result = redis.eval(SCRIPT, ScriptOutputType.MULTI, keys, args);
        }
        return QuotaDecision.of(result.get(0) == 1L, limits, result.get(1), result.get(2), now);
    }

    @Override
    public void giveBack(String subject, QuotaDecision admitted) {
        String tag = namespace + ":{" + subject + "}";
        connection.sync().eval(GIVE_BACK, ScriptOutputType.INTEGER,
                tag + ":m:" + QuotaWindow.MINUTE.start(admitted.at()), tag + ":d:" + QuotaWindow.DAY.start(admitted.at()));
    }

    @Override
    public void close() {
        connection.close();
        client.shutdown();
    }
}
