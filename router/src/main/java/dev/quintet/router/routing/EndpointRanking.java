package dev.quintet.router.routing;

import dev.quintet.router.catalog.Pricing;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Orders one model's endpoints. With {@code provider.sort} or {@code provider.order} the order is strict: the
 * ordered providers first, then by the sort (endpoints not yet measured after measured ones), then cheapest first.
 * Otherwise the first endpoint is drawn among those not cooling down (when any is not), weighted by the inverse
 * square of its price (prompt plus completion), and the rest follow cheapest first. Preferred latency and
 * throughput reorder the endpoints of all models of a request together ({@link #preferred}).
 */
final class EndpointRanking {

    /** The price free endpoints are weighted as, so that they are likeliest without dividing by zero. */
    static final double FLOOR_PRICE = 1e-12;

    private final EndpointHealth health;
    private final EndpointDraw draw;

    EndpointRanking(EndpointHealth health, EndpointDraw draw) {
        this.health = health;
        this.draw = draw;
    }

    List<Candidate> rank(List<Candidate> candidates, ProviderPreferences prefs) {
        Comparator<Candidate> byPrice = Comparator.comparing(c -> c.endpoint().pricing().tokenPrice());
        List<Candidate> sorted = new ArrayList<>(candidates);
        if (prefs.sort() != null || !prefs.order().isEmpty()) {
            sorted.sort(Comparator.comparing((Candidate c) -> rank(prefs.order(), c))
                    .thenComparing(bySort(prefs.sort(), sorted)).thenComparing(byPrice));
            return limit(sorted, prefs);
        }
        sorted.sort(byPrice);
        List<Candidate> ready = sorted.stream().filter(c -> !health.coolingDown(c)).toList();
        if (!ready.isEmpty()) {
            Candidate first = weighted(ready);
            sorted.remove(first);
            sorted.addFirst(first);
        }
        return limit(sorted, prefs);
    }

    /**
     * {@code candidates} (of one model or several) with those meeting {@code provider.preferred_max_latency} and
     * {@code preferred_min_throughput} first, then those not measured yet, then those missing them; otherwise in
     * their order.
     */
    List<Candidate> preferred(List<Candidate> candidates, ProviderPreferences prefs) {
        if (!prefs.maxLatency().given() && !prefs.minThroughput().given()) {
            return candidates;
        }
        Map<Candidate, PerformanceCutoffs.Standing> standings = new HashMap<>();
        for (Candidate c : candidates) {
            EndpointStats stats = health.stats(c.model(), c.endpoint());
            PerformanceCutoffs.Standing latency = prefs.maxLatency().standing(stats.latency());
            PerformanceCutoffs.Standing throughput = prefs.minThroughput().standing(stats.throughput());
            standings.put(c, latency.compareTo(throughput) >= 0 ? latency : throughput);
        }
        List<Candidate> sorted = new ArrayList<>(candidates);
        sorted.sort(Comparator.comparing(standings::get));
        return sorted;
    }

    /**
     * With {@code allow_fallbacks: false} and no {@code provider.order}: the first endpoint not cooling down (the first
     * endpoint when all are). With an order the selector has already kept only the ordered providers.
     */
    private List<Candidate> limit(List<Candidate> sorted, ProviderPreferences prefs) {
        if (prefs.allowFallbacks() || !prefs.order().isEmpty()) {
            return sorted;
        }
        return List.of(sorted.stream().filter(c -> !health.coolingDown(c)).findFirst().orElse(sorted.getFirst()));
    }

    private Candidate weighted(List<Candidate> ready) {
        double[] cumulative = new double[ready.size()];
        double total = 0;
        for (int i = 0; i < ready.size(); i++) {
            total += weight(ready.get(i).endpoint().pricing());
            cumulative[i] = total;
        }
        double target = draw.next() * total;
        for (int i = 0; i < cumulative.length; i++) {
            if (target < cumulative[i]) {
                return ready.get(i);
            }
        }
        return ready.getLast();
    }

    static double weight(Pricing pricing) {
        double price = Math.max(pricing.tokenPrice().doubleValue(), FLOOR_PRICE);
        return 1 / (price * price);
    }

    /** The sort as a comparator, each endpoint's figure read once, so that concurrent calls cannot change it mid-sort. */
    private Comparator<Candidate> bySort(ProviderSort sort, List<Candidate> candidates) {
        if (sort == null || sort == ProviderSort.PRICE) {
            return (a, b) -> 0;
        }
        Map<Candidate, Double> keys = new HashMap<>();
        for (Candidate c : candidates) {
            EndpointStats stats = health.stats(c.model(), c.endpoint());
            EndpointStats.Percentiles p = sort == ProviderSort.LATENCY ? stats.latency() : stats.throughput();
            keys.put(c, p == null ? Double.POSITIVE_INFINITY : sort == ProviderSort.LATENCY ? p.p50() : -p.p50());
        }
        return Comparator.comparing(keys::get);
    }

    private static int rank(List<String> order, Candidate c) {
        for (int i = 0; i < order.size(); i++) {
            if (c.connection().provider().matches(order.get(i))) {
                return i;
            }
        }
        return order.size();
    }
}
