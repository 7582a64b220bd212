package dev.quintet.capture.web;

import dev.quintet.capture.CaptureProperties;
import dev.quintet.capture.files.CapturedFile;
import dev.quintet.capture.files.CapturedFiles;
import dev.quintet.platform.keys.KeyHolder;
import dev.quintet.platform.quota.Admission;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.springframework.http.ResponseEntity;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * How a screenshot or PDF reaches the caller: the file itself, or JSON with the URL of the stored file; and the
 * cache: with {@code cache_ttl} a capture is stored that long, and the same route with the same parameters from the
 * same account gets the stored file instead of a new render until then, unless {@code fresh=true}. A request the
 * cache answers is given back to the key's quota, as it cost no render.
 */
final class Delivery {

    static final List<String> NAMES = List.of("response_type", "cache_ttl", "fresh");
    static final int MAX_CACHE_TTL = 2_592_000;
    private static final Set<String> NOT_IN_CACHE_KEY = Set.of("api_key", "response_type", "cache_ttl", "fresh");

    private final CapturedFiles files;
    private final CaptureProperties settings;
    private final Clock clock;

    Delivery(CapturedFiles files, CaptureProperties settings, Clock clock) {
        this.files = files;
        this.settings = settings;
        this.clock = clock;
    }

    ResponseEntity<Object> deliver(String route, Params p, KeyHolder caller, String sourceUrl, Supplier<Rendered> render) {
        boolean json = p.choice("response_type", Answers.RESPONSE_TYPES, "binary").equals("json");
        int cacheTtl = p.integer("cache_ttl", 0, MAX_CACHE_TTL, 0);
        boolean fresh = p.flag("fresh", false);
        byte[] key = sha256(route + "\n" + p.canonical(NOT_IN_CACHE_KEY));
        if (cacheTtl > 0 && !fresh) {
            Optional<CapturedFile> hit = files.cached(caller.accountId(), key);
            if (hit.isPresent()) {
                ServletRequestAttributes current = (ServletRequestAttributes) RequestContextHolder.currentRequestAttributes();
                Admission.giveBack(current.getRequest(), current.getResponse());
                return answer(hit.get(), json, true);
            }
        }
        Rendered r = render.get();
        if (!json && cacheTtl == 0) {
            return Answers.binary(r.bytes(), r.contentType(), "capture." + r.format(), r.remoteStatus(), false);
        }
        Instant now = clock.instant();
        CapturedFile file = new CapturedFile(files.newId(), caller.accountId(), key, r.contentType(), r.format(),
                r.width(), r.height(), r.pages(), r.remoteStatus(), sourceUrl, r.bytes(), now,
                now.plus(cacheTtl > 0 ? Duration.ofSeconds(cacheTtl) : settings.fileTtl()));
        files.save(file);
        return answer(file, json, false);
    }

    private static ResponseEntity<Object> answer(CapturedFile file, boolean json, boolean cached) {
        if (!json) {
            return Answers.binary(file.body(), file.contentType(), "capture." + file.format(), file.remoteStatus(),
                    cached);
        }
        String url = ServletUriComponentsBuilder.fromCurrentContextPath().path("/v1/files/{id}")
                .buildAndExpand(file.id()).toUriString();
        return Answers.json(new FileAnswer(url, file.sourceUrl(), file.format(), file.contentType(), file.width(),
                file.height(), file.pages(), file.body().length, file.remoteStatus(), cached, file.createdAt(),
                file.expiresAt()));
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
