package dev.quintet.packages.web;

import dev.quintet.packages.PackagesProperties;
import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.platform.errors.ApiError;
import dev.quintet.platform.errors.ApiErrors;
import dev.quintet.platform.errors.ApiException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/**
 * {@code POST /api/batch}: up to {@value #MAX_ITEMS} packages, each {@code {"platform","name"}} or {@code {"purl"}},
 * answered in request order with the project answer or {@code {"error":{status, code, detail, param}}}, so one bad
 * or missing package does not fail the others. Items are looked up {@value #CONCURRENCY} at a time (through the
 * same store, freshness and single-flight as single look-ups); those not answered within the request timeout answer
 * 504 and are not started any more. One batch counts as one request against the key's quota.
 */
@RestController
final class BatchController {

    static final int MAX_ITEMS = 100;
    static final int CONCURRENCY = 8;
    private static final String SHAPE = "packages must be an array of 1.." + MAX_ITEMS
            + " items, each {\"platform\": ..., \"name\": ...} or {\"purl\": ...}";
    private static final Logger log = LoggerFactory.getLogger(BatchController.class);

    private final ProjectAnswers answers;
    private final Duration deadline;

    BatchController(ProjectAnswers answers, PackagesProperties properties) {
        this.answers = answers;
        this.deadline = properties.requestTimeout();
    }

    @PostMapping(value = {"/api/batch", "/api/batch/"}, consumes = "application/json", produces = "application/json")
    List<Object> batch(@RequestBody JsonNode body) {
        JsonNode items = body.path("packages");
        if (!items.isArray()) {
            throw ApiException.invalidParameter("packages", SHAPE);
        }
        if (items.isEmpty() || items.size() > MAX_ITEMS) {
            throw ApiException.invalidParameter("packages", SHAPE + "; got " + items.size() + " items");
        }
        List<JsonNode> list = new ArrayList<>();
        items.forEach(list::add);
        return answerAll(list);
    }

    private List<Object> answerAll(List<JsonNode> items) {
        Semaphore permits = new Semaphore(CONCURRENCY);
        AtomicBoolean late = new AtomicBoolean();
        List<Future<Object>> futures = new ArrayList<>();
        ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
        for (int i = 0; i < items.size(); i++) {
            int index = i;
            futures.add(executor.submit(() -> bounded(permits, late, index, items.get(index))));
        }
        executor.shutdown();
        long end = System.nanoTime() + deadline.toNanos();
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < futures.size(); i++) {
            out.add(await(futures.get(i), end, late, i));
        }
        return out;
    }

    private Object bounded(Semaphore permits, AtomicBoolean late, int index, JsonNode item) throws InterruptedException {
        permits.acquire();
        try {
            return late.get() ? timedOut(index) : answer(index, item);
        } finally {
            permits.release();
        }
    }

    private Object await(Future<Object> future, long end, AtomicBoolean late, int index) {
        try {
            return future.get(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            late.set(true);
            return timedOut(index);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiException(503, "interrupted", "the request was interrupted");
        } catch (ExecutionException e) {
            log.error("Batch item {} failed", index, e.getCause());
            return new ItemError(ApiErrors.internal());
        }
    }

    private Object answer(int index, JsonNode item) {
        try {
            PackageUrls.Target target = target(index, item);
            return answers.project(target.ecosystem(), target.name(), null);
        } catch (ApiException e) {
            ApiError error = e.toError();
            String param = "packages[" + index + "]" + (error.param() == null ? "" : "." + error.param());
            return new ItemError(new ApiError(error.status(), error.code(), error.detail(), param, null));
        }
    }

    private PackageUrls.Target target(int index, JsonNode item) {
        String at = "packages[" + index + "]";
        if (!item.isObject()) {
            throw new ApiException(400, "invalid_parameter", at + " must be an object, {\"platform\": ..., "
                    + "\"name\": ...} or {\"purl\": ...}");
        }
        JsonNode purl = item.path("purl");
        JsonNode platform = item.path("platform");
        JsonNode name = item.path("name");
        if (!purl.isMissingNode()) {
            if (!platform.isMissingNode() || !name.isMissingNode()) {
                throw ApiException.invalidParameter("purl", at + " must give either purl or platform and name, not both");
            }
            if (!purl.isString()) {
                throw ApiException.invalidParameter("purl", at + ".purl must be a string");
            }
            return PackageUrls.parse(purl.stringValue());
        }
        if (!platform.isString() || !name.isString()) {
            throw ApiException.invalidParameter(platform.isString() ? "name" : "platform",
                    at + " must have string fields platform and name, or purl");
        }
        Ecosystem ecosystem = answers.ecosystem(platform.stringValue(), name.stringValue());
        return new PackageUrls.Target(ecosystem, name.stringValue(), null);
    }

    private static ItemError timedOut(int index) {
        return new ItemError(new ApiError(504, "upstream_timeout", "packages[" + index
                + "] was not answered within the batch's time limit; ask for it again", "packages[" + index + "]", null));
    }

    /** The answer of one item that failed. */
    record ItemError(ApiError error) {
    }
}
