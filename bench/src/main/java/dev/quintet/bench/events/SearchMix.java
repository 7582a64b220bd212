package dev.quintet.bench.events;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The search load: text, place, date and category queries alone and combined, over the seeded cities and the
 * coming weeks, sent in rotation by a closed loop of callers (each sends its next query when the last answered).
 */
final class SearchMix {

    /** One search and what kind it is. */
    record Query(String kind, URI uri) {
    }

    /** A run's figures overall and by kind. */
    record Run(Latencies all, Map<String, Latencies> byKind) {
    }

    private SearchMix() {
    }

    static List<Query> queries(String events) {
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        String weekStart = today.plusDays(7) + "T00:00:00";
        String weekEnd = today.plusDays(14) + "T00:00:00";
        List<Query> q = new ArrayList<>();
        add(q, events, "text", "q", "jazz");
        add(q, events, "text", "q", "marathon");
        add(q, events, "text", "q", "cafe creme");
        add(q, events, "text", "q", "machine learning", "sort_by", "best");
        add(q, events, "text", "q", "jazz marathon", "sort_by", "best");
        add(q, events, "geo", "location.latitude", "51.5074", "location.longitude", "-0.1278", "location.within", "10km");
        add(q, events, "geo", "location.latitude", "35.6762", "location.longitude", "139.6503", "location.within", "5mi",
                "sort_by", "distance");
        add(q, events, "geo", "location.latitude", "40.7128", "location.longitude", "-74.0060");
        add(q, events, "date", "start_date.keyword", "this_week");
        add(q, events, "date", "start_date.keyword", "tomorrow");
        add(q, events, "date", "start_date.range_start", weekStart, "start_date.range_end", weekEnd);
        add(q, events, "category", "categories", "103");
        add(q, events, "category", "categories", "102,110", "price", "free");
        add(q, events, "mixed", "q", "jazz", "location.latitude", "51.5074", "location.longitude", "-0.1278",
                "location.within", "20km", "start_date.keyword", "this_month");
        add(q, events, "mixed", "categories", "110", "price", "free", "location.latitude", "48.8566",
                "location.longitude", "2.3522", "start_date.range_start", weekStart + "Z", "start_date.range_end", weekEnd + "Z");
        add(q, events, "mixed", "q", "workshop", "online_events_only", "true", "start_date.keyword", "next_week");
        add(q, events, "mixed", "categories", "108", "location.latitude", "-33.8688", "location.longitude", "151.2093",
                "sort_by", "distance", "page", "2");
        return q;
    }

    private static void add(List<Query> list, String events, String kind, String... pairs) {
        StringBuilder url = new StringBuilder(events).append("/v3/events/search/?");
        for (int i = 0; i < pairs.length; i += 2) {
            url.append(i == 0 ? "" : "&").append(pairs[i]).append('=')
                    .append(URLEncoder.encode(pairs[i + 1], StandardCharsets.UTF_8));
        }
        list.add(new Query(kind, URI.create(url.toString())));
    }

    /** Sends each query once and fails unless every one answers 200; prints how many events each finds. */
    static void check(List<Query> queries, String access) throws Exception {
        try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            System.out.println();
            System.out.println("queries (object_count):");
            for (Query query : queries) {
                HttpResponse<String> answer = client.send(request(query, access), HttpResponse.BodyHandlers.ofString());
                if (answer.statusCode() != 200) {
                    throw new IllegalStateException(query.uri() + " answered " + answer.statusCode() + ": " + answer.body());
                }
                String count = answer.body().replaceAll("(?s).*\"object_count\":(\\d+).*", "$1");
                System.out.println("  " + query.kind() + " " + query.uri().getRawQuery() + " -> " + count);
            }
        }
    }

    static Run run(List<Query> queries, String access, int concurrency, Duration duration) throws Exception {
        List<HttpRequest> requests = queries.stream().map(q -> request(q, access)).toList();
        long deadline = System.nanoTime() + duration.toNanos();
        try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
             ExecutorService callers = Executors.newFixedThreadPool(concurrency)) {
            List<Future<Latencies.Samples[]>> futures = new ArrayList<>();
            for (int c = 0; c < concurrency; c++) {
                int offset = c * 7;
                futures.add(callers.submit(() -> {
                    Latencies.Samples[] samples = new Latencies.Samples[requests.size()];
                    for (int i = 0; i < samples.length; i++) {
                        samples[i] = new Latencies.Samples();
                    }
                    for (int i = offset; System.nanoTime() < deadline; i++) {
                        int index = i % requests.size();
                        long start = System.nanoTime();
                        HttpResponse<Void> answer = client.send(requests.get(index), HttpResponse.BodyHandlers.discarding());
                        long took = System.nanoTime() - start;
                        if (answer.statusCode() != 200) {
                            throw new IllegalStateException(requests.get(index).uri() + " answered " + answer.statusCode());
                        }
                        samples[index].add(took);
                    }
                    return samples;
                }));
            }
            List<long[]> perQuery = new ArrayList<>();
            for (int i = 0; i < requests.size(); i++) {
                perQuery.add(new long[0]);
            }
            for (Future<Latencies.Samples[]> future : futures) {
                Latencies.Samples[] samples = future.get();
                for (int i = 0; i < samples.length; i++) {
                    perQuery.set(i, concat(perQuery.get(i), samples[i].toArray()));
                }
            }
            double seconds = duration.toNanos() / 1e9;
            Map<String, long[]> kinds = new LinkedHashMap<>();
            long[] all = new long[0];
            for (int i = 0; i < queries.size(); i++) {
                kinds.merge(queries.get(i).kind(), perQuery.get(i), SearchMix::concat);
                all = concat(all, perQuery.get(i));
            }
            Map<String, Latencies> byKind = new LinkedHashMap<>();
            kinds.forEach((kind, nanos) -> byKind.put(kind, Latencies.of(nanos, seconds)));
            return new Run(Latencies.of(all, seconds), byKind);
        }
    }

    private static HttpRequest request(Query query, String access) {
        return HttpRequest.newBuilder(query.uri()).header("Authorization", "Bearer " + access).GET().build();
    }

    private static long[] concat(long[] a, long[] b) {
        long[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
