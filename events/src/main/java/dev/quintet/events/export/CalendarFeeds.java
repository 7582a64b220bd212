package dev.quintet.events.export;

import dev.quintet.events.organizing.ArgumentErrors;
import dev.quintet.events.organizing.Fields;
import dev.quintet.events.search.Continuation;
import dev.quintet.events.search.SearchQuery;
import dev.quintet.platform.errors.ApiException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * The {@code events.calendar_feeds} table: a person's saved searches, each served as iCalendar at a secret URL,
 * since calendar apps poll a URL and cannot send an access token that lasts minutes. The token in the URL is 192
 * random bits, shown once when the feed is made; only its SHA-256 is stored. Deleting the feed ends the URL.
 */
public final class CalendarFeeds {

    /** One saved search. */
    public record Feed(long id, String name, String query, Instant createdAt, Instant lastUsedAt) {
    }

    /** A feed just made, with the token of its URL, which is never shown again. */
    public record Created(Feed feed, String token) {
    }

    static final int PER_ACCOUNT = 100;
    /** How stale {@code last_used_at} may get before a poll writes it again. */
    private static final Duration USE_STAMP = Duration.ofHours(1);
    private static final String COLUMNS = "id, name, query, created_at, last_used_at";

    private final JdbcClient jdbc;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    public CalendarFeeds(JdbcClient jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** Makes a feed from {@code {"calendar_feed": {"name": ..., "query": "q=jazz&location.address=London"}}}. */
    public Created create(UUID account, String clientId, JsonNode body) {
        ArgumentErrors errors = new ArgumentErrors();
        Fields fields = Fields.body(body, "calendar_feed", Set.of("name", "query"), errors);
        String name = fields == null ? null : fields.text("name", 200);
        String query = fields == null ? null : fields.text("query", 2_000);
        if (fields != null && query == null && !errors.has("calendar_feed.query")) {
            errors.add("calendar_feed.query", "is required: the search, as the query string of /v3/events/search/");
        }
        if (query != null) {
            checkQuery(query, errors);
        }
        errors.throwIfAny("the calendar feed cannot be made: ");
        long count = jdbc.sql("SELECT count(*) FROM events.calendar_feeds WHERE account_id = :account")
                .param("account", account).query(Long.class).single();
        if (count >= PER_ACCOUNT) {
            throw new ApiException(400, "arguments_error", "an account has at most " + PER_ACCOUNT
                    + " calendar feeds; delete one first", "calendar_feed");
        }
        byte[] secret = new byte[24];
        random.nextBytes(secret);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
        Feed feed = jdbc.sql("INSERT INTO events.calendar_feeds (account_id, client_id, name, query, token_hash, "
                        + "created_at) VALUES (:account, :client, :name, :query, :hash, :now) RETURNING " + COLUMNS)
                .param("account", account).param("client", clientId).param("name", name == null ? query : name)
                .param("query", query).param("hash", hash(token)).param("now", Timestamp.from(clock.instant()))
                .query((rs, n) -> feed(rs)).single();
        return new Created(feed, token);
    }

    public List<Feed> of(UUID account) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM events.calendar_feeds WHERE account_id = :account ORDER BY id")
                .param("account", account).query((rs, n) -> feed(rs)).list();
    }

    /** Deletes one of the account's feeds; false when it has none with that id. */
    public boolean delete(UUID account, long id) {
        return jdbc.sql("DELETE FROM events.calendar_feeds WHERE id = :id AND account_id = :account")
                .param("id", id).param("account", account).update() == 1;
    }

    /** The feed a URL token opens, noting the poll at most once an hour. */
    public Optional<Feed> open(String token) {
        if (token.length() != 32) {
            return Optional.empty();
        }
        byte[] hash = hash(token);
        Optional<Feed> feed = jdbc.sql("SELECT " + COLUMNS + " FROM events.calendar_feeds WHERE token_hash = :hash")
                .param("hash", hash).query((rs, n) -> feed(rs)).optional();
        Instant now = clock.instant();
        feed.filter(f -> f.lastUsedAt() == null || f.lastUsedAt().isBefore(now.minus(USE_STAMP)))
                .ifPresent(f -> jdbc.sql("UPDATE events.calendar_feeds SET last_used_at = :now WHERE id = :id")
                        .param("now", Timestamp.from(now)).param("id", f.id()).update());
        return feed;
    }

    /** A feed's query as search parameters. */
    public static Map<String, String[]> parameters(String query) {
        Map<String, String[]> parameters = new LinkedHashMap<>();
        for (String pair : query.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            parameters.merge(name, new String[] {value}, (a, b) -> {
                String[] both = Arrays.copyOf(a, a.length + 1);
                both[a.length] = b[0];
                return both;
            });
        }
        return parameters;
    }

    /** A query must be a search that parses, without a page: a feed always shows the soonest matches. */
    private static void checkQuery(String query, ArgumentErrors errors) {
        try {
            Map<String, String[]> parameters = parameters(query);
            parameters.keySet().stream().filter(Continuation.POSITION::contains).findFirst().ifPresent(p ->
                    errors.add("calendar_feed.query", "must not hold " + p + ": a feed shows the soonest matches"));
            SearchQuery.parse(parameters);
        } catch (ApiException e) {
            errors.add("calendar_feed.query", e.getMessage());
        } catch (IllegalArgumentException e) {
            errors.add("calendar_feed.query", "must be a URL query string such as q=jazz&location.address=London");
        }
    }

    private static Feed feed(ResultSet rs) throws SQLException {
        Timestamp used = rs.getTimestamp("last_used_at");
        return new Feed(rs.getLong("id"), rs.getString("name"), rs.getString("query"),
                rs.getTimestamp("created_at").toInstant(), used == null ? null : used.toInstant());
    }

    private static byte[] hash(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.US_ASCII));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
