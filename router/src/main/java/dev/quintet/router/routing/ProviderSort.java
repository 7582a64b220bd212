package dev.quintet.router.routing;

import dev.quintet.platform.errors.ApiException;
import java.util.Arrays;
import java.util.Locale;

/** A strict order of a model's endpoints ({@code provider.sort}, or the {@code :floor} and {@code :nitro} variants). */
public enum ProviderSort {
    /** Cheapest first (prompt plus completion price). */
    PRICE,
    /** Most completion tokens per second first (median over the health window). */
    THROUGHPUT,
    /** Lowest median latency first. */
    LATENCY;

    static ProviderSort parse(String param, String value) {
        return Arrays.stream(values()).filter(s -> s.name().toLowerCase(Locale.ROOT).equals(value)).findFirst()
                .orElseThrow(() -> ApiException.invalidParameter(param, param
                        + " must be one of price, throughput, latency, got '" + value + "'"));
    }
}
