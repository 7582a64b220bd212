package dev.quintet.packages.ingest;

import dev.quintet.packages.registry.UpstreamFailure;
import dev.quintet.packages.registry.UpstreamHttp;
import dev.quintet.packages.registry.UpstreamResponse;
import dev.quintet.packages.registry.Validators;
import dev.quintet.packages.registry.debian.DebianIndex;
import dev.quintet.packages.registry.debian.ReleaseFile;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Reads a suite's Release file ({@code InRelease}, else {@code Release}) and opens a {@code Packages} index as a
 * stream: {@code Packages.xz} when the Release file lists it, else {@code Packages.gz}. The index is asked for
 * conditionally with the validators of the last download; a mirror that gave none is not asked again while the
 * Release file lists the SHA256 last ingested.
 */
final class IndexFiles {

    private static final List<String> FILES = List.of("Packages.xz", "Packages.gz");

    /** What opening an index gave. */
    sealed interface Opened permits Download, Unchanged {
    }

    /** The index file's body, to be read to the end and checked against {@code expected}. */
    record Download(String file, ReleaseFile.FileHash expected, InputStream body, Validators validators)
            implements Opened {
    }

    /** The index is as last ingested. */
    record Unchanged(String reason) implements Opened {
    }

    private final URI base;
    private final HttpClient client;
    private final UpstreamHttp http;
    private final Duration timeout;
    private final String userAgent;

    IndexFiles(URI base, HttpClient client, UpstreamHttp http, Duration timeout, String userAgent) {
        this.base = base;
        this.client = client;
        this.http = http;
        this.timeout = timeout;
        this.userAgent = userAgent;
    }

    URI base() {
        return base;
    }

    ReleaseFile release(String suite) {
        for (String name : List.of("InRelease", "Release")) {
            URI uri = UpstreamHttp.resolve(base, "/dists/" + suite + "/" + name);
            UpstreamResponse response = http.get(uri, Validators.NONE, "text/plain");
            if (response.missing()) {
                continue;
            }
            if (response.status() != 200) {
                throw UpstreamHttp.badAnswer(uri, "HTTP " + response.status() + " to an unconditional request")
                        .failure(null);
            }
            try {
                return ReleaseFile.parse(response.body());
            } catch (IllegalArgumentException e) {
                throw UpstreamHttp.badAnswer(uri, e.getMessage()).failure(e);
            }
        }
        throw new UpstreamFailure(UpstreamFailure.Kind.BAD_ANSWER, "upstream " + UpstreamHttp.host(base)
                + " has neither dists/" + suite + "/InRelease nor dists/" + suite + "/Release: is '" + suite
                + "' a suite of the archive at " + base + "?");
    }

    Opened open(DebianIndex index, ReleaseFile release, Optional<DebianIndexes.State> previous) {
        List<String> listed = FILES.stream().filter(f -> release.file(index.releasePath(f)).isPresent()).toList();
        if (listed.isEmpty()) {
            throw new UpstreamFailure(UpstreamFailure.Kind.BAD_ANSWER, "the Release file of " + index.suite()
                    + " at " + UpstreamHttp.host(base) + " lists neither " + index.releasePath("Packages.xz")
                    + " nor Packages.gz");
        }
        for (String file : listed) {
            ReleaseFile.FileHash expected = release.file(index.releasePath(file)).orElseThrow();
            Optional<DebianIndexes.State> same = previous.filter(p -> file.equals(p.file()) && p.ingestedAt() != null);
            if (same.isPresent() && same.get().validators().isEmpty() && expected.sha256().equals(same.get().sha256())) {
                return new Unchanged("the Release file lists the SHA256 of " + file + " last ingested");
            }
            URI uri = UpstreamHttp.resolve(base, index.archivePath(file));
            HttpResponse<InputStream> response = send(uri, same.map(DebianIndexes.State::validators)
                    .orElse(Validators.NONE));
            int status = response.statusCode();
            if (status == 200) {
                return new Download(file, expected, response.body(), new Validators(
                        response.headers().firstValue("ETag").orElse(null),
                        response.headers().firstValue("Last-Modified").orElse(null)));
            }
            close(response);
            if (status == 304 && same.isPresent()) {
                return new Unchanged("the mirror answered 304 Not Modified for " + file);
            }
            if (status != 404 && status != 410) {
                throw failure(uri, status);
            }
        }
        throw new UpstreamFailure(UpstreamFailure.Kind.BAD_ANSWER, "upstream " + UpstreamHttp.host(base)
                + " has none of the index files its Release file lists for " + index + " (" + listed + ")");
    }

    private HttpResponse<InputStream> send(URI uri, Validators known) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout).GET().header("User-Agent", userAgent);
        if (known.etag() != null) {
            request.header("If-None-Match", known.etag());
        }
        if (known.lastModified() != null) {
            request.header("If-Modified-Since", known.lastModified());
        }
        try {
            return client.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        } catch (HttpTimeoutException e) {
            throw new UpstreamFailure(UpstreamFailure.Kind.TIMEOUT, "upstream " + UpstreamHttp.host(uri)
                    + " did not answer within " + timeout.toMillis() + " ms", e);
        } catch (IOException e) {
            throw new UpstreamFailure(UpstreamFailure.Kind.UNAVAILABLE, "upstream " + UpstreamHttp.host(uri)
                    + " could not be reached: " + e.getClass().getSimpleName(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UpstreamFailure(UpstreamFailure.Kind.UNAVAILABLE, "interrupted while calling "
                    + UpstreamHttp.host(uri), e);
        }
    }

    private static UpstreamFailure failure(URI uri, int status) {
        return new UpstreamFailure(UpstreamFailure.Kind.UNAVAILABLE, "upstream " + UpstreamHttp.host(uri)
                + " answered HTTP " + status + " for " + uri.getPath());
    }

    private static void close(HttpResponse<InputStream> response) {
        try {
            response.body().close();
        } catch (IOException e) {
            throw new UpstreamFailure(UpstreamFailure.Kind.UNAVAILABLE, "could not close an answer of "
                    + UpstreamHttp.host(response.uri()) + ": " + e.getMessage(), e);
        }
    }
}
