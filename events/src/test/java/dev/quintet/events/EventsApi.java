package dev.quintet.events;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.platform.testing.TestPlatform;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The events app on a real port with a stand-in issuer and a clock the test moves; calls it as one account. */
final class EventsApi implements AutoCloseable {

    static final JsonMapper JSON = JsonMapper.builder().build();

    final MutableClock clock;
    final TestIssuer issuer;
    final TestPlatform platform;
    final String base;

    EventsApi(Instant now) {
        clock = new MutableClock(now);
        issuer = new TestIssuer(clock);
        platform = TestPlatform.start(clock);
        base = platform.startApp(EventsApplication.class, "events", "--quintet.events.issuer-uri=" + issuer.url(),
                "--quintet.events.status-sweep-interval=1h");
    }

    JdbcClient jdbc() {
        return platform.bean(JdbcClient.class);
    }

    /** One caller: an account with the scopes given, a fresh token for every request. */
    Client as(String scopes) {
        return new Client(UUID.randomUUID(), scopes);
    }

    static JsonNode json(HttpResponse<String> response) {
        return JSON.readTree(response.body());
    }

    @Override
    public void close() {
        platform.close();
        issuer.close();
    }

    final class Client {

        final UUID account;
        final String scopes;

        Client(UUID account, String scopes) {
            this.account = account;
            this.scopes = scopes;
        }

        HttpResponse<String> get(String path) {
            return Http.get(base + path, "Authorization", "Bearer " + issuer.token(account, scopes));
        }

        HttpResponse<String> post(String path, String body) {
            return Http.send("POST", base + path, body, "Authorization", "Bearer " + issuer.token(account, scopes),
                    "Content-Type", "application/json");
        }

        HttpResponse<String> delete(String path) {
            return Http.send("DELETE", base + path, null, "Authorization", "Bearer " + issuer.token(account, scopes));
        }

        /** POSTs and expects 200, returning the JSON body. */
        JsonNode ok(String path, String body) {
            HttpResponse<String> response = post(path, body);
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            return json(response);
        }

        JsonNode read(String path) {
            HttpResponse<String> response = get(path);
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            return json(response);
        }

        String organization() {
            return read("/v3/users/me/organizations/").get("organizations").get(0).get("id").asString();
        }

        String organizer() {
            return read("/v3/users/me/organizations/").get("organizations").get(0).get("organizer_id").asString();
        }

        String venue(String name, String city, String country, double lat, double lon) {
            return ok("/v3/organizations/" + organization() + "/venues/", """
                    {"venue":{"name":"%s","capacity":300,"address":{"address_1":"1 High Street","city":"%s",
                     "country":"%s","latitude":"%s","longitude":"%s"}}}""".formatted(name, city, country, lat, lon))
                    .get("id").asString();
        }

        /** A draft at a venue (or online when {@code venue} is null), times in UTC, zone as given. */
        String draft(String name, String venue, String zone, String startUtc, String endUtc) {
            String where = venue == null ? "\"online_event\":true" : "\"venue_id\":\"" + venue + "\"";
            return ok("/v3/organizations/" + organization() + "/events/", """
                    {"event":{"name":{"html":"%s"},"description":{"html":"<p>About %s.</p>"},
                     "start":{"timezone":"%s","utc":"%s"},"end":{"timezone":"%s","utc":"%s"},
                     "currency":"USD","category_id":"103",%s}}""".formatted(name, name, zone, startUtc, zone, endUtc, where))
                    .get("id").asString();
        }

        String ticket(String event, String costOrFree) {
            String cost = costOrFree.equals("free") ? "\"free\":true" : "\"cost\":\"" + costOrFree + "\"";
            return ok("/v3/events/" + event + "/ticket_classes/", """
                    {"ticket_class":{"name":"General admission",%s,"quantity_total":100}}""".formatted(cost))
                    .get("id").asString();
        }

        /** A published event with one ticket class. */
        String published(String name, String venue, String zone, String startUtc, String endUtc, String cost) {
            String id = draft(name, venue, zone, startUtc, endUtc);
            ticket(id, cost);
            assertThat(ok("/v3/events/" + id + "/publish/", "").get("published").asBoolean()).isTrue();
            return id;
        }
    }
}
