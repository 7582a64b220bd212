package dev.quintet.router.web;

import dev.quintet.router.catalog.Model;
import dev.quintet.router.providers.ProviderConnections;
import dev.quintet.router.routing.EndpointHealth;
import dev.quintet.router.routing.EndpointStats;
import java.math.BigDecimal;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.stream.DoubleStream;

/**
 * The figures {@code GET /models} sorts by, each null where the model has none: the prices and context window it
 * shows, when it entered the catalog, and the median latency and throughput the router measured at its best
 * configured endpoint.
 */
final class ModelFigures {

    private final ModelViews views;
    private final ProviderConnections connections;
    private final EndpointHealth health;

    ModelFigures(ModelViews views, ProviderConnections connections, EndpointHealth health) {
        this.views = views;
        this.connections = connections;
        this.health = health;
    }

    /** The prompt plus completion price per token of the endpoint whose prices the model shows. */
    BigDecimal price(Model m) {
        return views.top(m).pricing().tokenPrice();
    }

    BigDecimal created(Model m) {
        return BigDecimal.valueOf(m.created());
    }

    BigDecimal contextLength(Model m) {
        Integer context = ModelViews.contextLength(m);
        return context == null ? null : BigDecimal.valueOf(context);
    }

    /** The lowest median milliseconds to the first content among the configured endpoints measured lately. */
    BigDecimal latency(Model m) {
        return orNull(measured(m, EndpointStats::latency).min());
    }

    /** The highest median completion tokens a second among the configured endpoints measured lately. */
    BigDecimal throughput(Model m) {
        return orNull(measured(m, EndpointStats::throughput).max());
    }

    private DoubleStream measured(Model m, Function<EndpointStats, EndpointStats.Percentiles> figure) {
        return m.endpoints().stream().filter(e -> connections.isConfigured(e.provider()))
                .map(e -> figure.apply(health.stats(m, e))).filter(Objects::nonNull)
                .mapToDouble(EndpointStats.Percentiles::p50);
    }

    private static BigDecimal orNull(OptionalDouble figure) {
        return figure.isPresent() ? BigDecimal.valueOf(figure.getAsDouble()) : null;
    }
}
