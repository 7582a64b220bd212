package dev.quintet.packages.web;

import dev.quintet.platform.errors.ApiException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.UriUtils;

/**
 * {@code GET /api/purl/{purl}}: the project a Package URL names, or with a version that version's dependencies answer.
 * The purl goes percent-encoded in one segment ({@code pkg%3Anpm%2F%2540babel%2Fcore}), or as written
 * ({@code pkg:npm/%40babel/core@7.24.0}), whose qualifiers then arrive as the query string.
 */
@RestController
final class PurlController {

    private static final String PREFIX = "/api/purl/";

    private final ProjectAnswers answers;

    PurlController(ProjectAnswers answers) {
        this.answers = answers;
    }

    /**
     * Besides the catch-all, the patterns say "purl" literally where the path of another route would otherwise win
     * for a purl as written: a purl in one encoded segment, packages named like those routes' last segment.
     */
    @GetMapping(value = {"/api/purl", "/api/purl/**", "/api/purl/{purl}", "/api/purl/{type}/versions",
            "/api/purl/{type}/dependents", "/api/purl/{type}/{namespace}/dependencies"}, produces = "application/json")
    Object purl(HttpServletRequest request, HttpServletResponse response) {
        PackageUrls.Target target = PackageUrls.parse(purlOf(request));
        return target.version() == null ? answers.project(target.ecosystem(), target.name(), response)
                : answers.dependencies(target.ecosystem(), target.name(), target.version(), response);
    }

    /** The purl of the request path: decoded once when sent encoded; qualifiers from the query when sent as written. */
    private static String purlOf(HttpServletRequest request) {
        String path = request.getRequestURI();
        String raw = path.length() > PREFIX.length() ? path.substring(PREFIX.length()).replaceFirst("/+$", "") : "";
        if (raw.isEmpty()) {
            throw ApiException.invalidParameter("purl", PackageUrls.RULE + "; none was given");
        }
        if (!raw.toLowerCase(Locale.ROOT).startsWith("pkg:")) {
            try {
                return UriUtils.decode(raw, StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                throw ApiException.invalidParameter("purl", PackageUrls.RULE + "; the path is not valid "
                        + "percent-encoding: " + e.getMessage());
            }
        }
        String qualifiers = request.getQueryString() == null ? "" : Arrays.stream(request.getQueryString().split("&"))
                .filter(p -> !p.isEmpty() && !p.startsWith("api_key=") && !p.equals("api_key"))
                .collect(Collectors.joining("&"));
        return qualifiers.isEmpty() ? raw : raw + "?" + qualifiers;
    }
}
