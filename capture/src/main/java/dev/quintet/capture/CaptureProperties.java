package dev.quintet.capture;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Capture settings ({@code quintet.capture.*}, or {@code QUINTET_CAPTURE_*} in the environment). The Chromium
 * executable is {@code QUINTET_CHROMIUM} ({@code quintet.chromium}).
 *
 * @param pages pages rendering at once (one shared Chromium)
 * @param queue captures that may wait for a page; beyond that, 503 with Retry-After
 * @param defaultTimeout a capture's deadline when the caller gives none
 * @param maxTimeout the largest {@code timeout} a caller may ask for
 * @param maxDelay the largest {@code delay} a caller may ask for
 * @param maxBodyBytes the largest POST body (posted HTML included)
 * @param allowPrivateNetworks let captures reach private, loopback and link-local addresses (tests only)
 * @param allowedNetworks private address blocks captures may reach, in CIDR notation
 * @param startTimeout how long Chromium may take to start
 * @param fileTtl how long a file made for a JSON answer is kept when the caller gives no {@code cache_ttl}
 * @param recycleAfter captures one Chromium serves before a fresh one replaces it
 */
@ConfigurationProperties("quintet.capture")
public record CaptureProperties(
        @DefaultValue("2") int pages,
        @DefaultValue("8") int queue,
        @DefaultValue("30s") Duration defaultTimeout,
        @DefaultValue("60s") Duration maxTimeout,
        @DefaultValue("10s") Duration maxDelay,
        @DefaultValue("5242880") long maxBodyBytes,
        @DefaultValue("false") boolean allowPrivateNetworks,
        @DefaultValue("") List<String> allowedNetworks,
        @DefaultValue("60s") Duration startTimeout,
        @DefaultValue("24h") Duration fileTtl,
        @DefaultValue("200") int recycleAfter) {

    public CaptureProperties {
        if (pages < 1 || pages > 64) {
            throw new IllegalArgumentException("quintet.capture.pages must be 1..64, got " + pages);
        }
        if (queue < 0 || queue > 10_000) {
            throw new IllegalArgumentException("quintet.capture.queue must be 0..10000, got " + queue);
        }
        if (defaultTimeout.compareTo(maxTimeout) > 0 || defaultTimeout.isNegative() || defaultTimeout.isZero()) {
            throw new IllegalArgumentException("quintet.capture.default-timeout must be positive and at most "
                    + "max-timeout, got " + defaultTimeout);
        }
        if (maxBodyBytes < 1024) {
            throw new IllegalArgumentException("quintet.capture.max-body-bytes must be at least 1024, got "
                    + maxBodyBytes);
        }
        if (fileTtl.isNegative() || fileTtl.isZero() || fileTtl.compareTo(Duration.ofDays(30)) > 0) {
            throw new IllegalArgumentException("quintet.capture.file-ttl must be more than 0 and at most 30 days, got "
                    + fileTtl);
        }
        if (recycleAfter < 1) {
            throw new IllegalArgumentException("quintet.capture.recycle-after must be at least 1, got " + recycleAfter);
        }
        allowedNetworks = allowedNetworks.stream().filter(s -> !s.isBlank()).toList();
    }
}
