package dev.quintet.capture.web;

import dev.quintet.capture.CaptureProperties;
import dev.quintet.capture.browser.BrowserPool;
import dev.quintet.capture.extract.ContentExtractor;
import dev.quintet.capture.extract.Extraction;
import dev.quintet.capture.extract.PageFetcher;
import dev.quintet.capture.safety.EgressPolicy;
import dev.quintet.capture.safety.EgressProxy;
import dev.quintet.platform.errors.ApiException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.jsoup.nodes.Document;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET|POST /v1/extract}: metadata and main content of a page, as JSON. The page is rendered in Chromium,
 * or with {@code render=false} fetched (or, for posted HTML, parsed) as served, without running scripts.
 */
@RestController
final class ExtractController {

    private static final Set<String> KNOWN = Set.copyOf(Stream.concat(PageParams.NAMES.stream(),
            Stream.of("render")).toList());
    /** Parameters that act on a browser, so they mean nothing without one. */
    private static final List<String> BROWSER_ONLY = List.of("wait_until", "delay", "width", "height",
            "device_scale_factor", "dark_mode", "block_ads", "reduced_motion", "media", "css", "js", "hide_selectors",
            "block_cookie_banners", "wait_for", "scroll");

    private final BrowserPool pool;
    private final EgressPolicy policy;
    private final CaptureProperties settings;
    private final PageFetcher fetcher;
    private final ContentExtractor extractor = new ContentExtractor();

    ExtractController(BrowserPool pool, EgressPolicy policy, EgressProxy proxy, CaptureProperties settings) {
        this.pool = pool;
        this.policy = policy;
        this.settings = settings;
        this.fetcher = new PageFetcher(policy, proxy, settings.maxBodyBytes());
    }

    @GetMapping("/v1/extract")
    ResponseEntity<Object> get(@RequestParam MultiValueMap<String, String> query) {
        return extract(Params.ofQuery(query));
    }

    @PostMapping("/v1/extract")
    ResponseEntity<Object> post(@RequestBody(required = false) Map<String, Object> body) {
        return extract(Params.ofJson(body));
    }

    private ResponseEntity<Object> extract(Params p) {
        p.onlyKnown(KNOWN);
        PageParams page = PageParams.read(p, policy, settings);
        Extraction extraction = p.flag("render", true) ? rendered(page) : unrendered(p, page);
        return Answers.json(extraction);
    }

    private Extraction rendered(PageParams page) {
        Page rendered = pool.render(page.browser(), page.contextOptions(), page.timeout(), tab -> {
            page.load().open(tab);
            return new Page(tab.content(), tab.url());
        });
        String url = page.load().url() == null ? null : rendered.url();
        return extractor.extract(rendered.html(), url);
    }

    private Extraction unrendered(Params p, PageParams page) {
        for (String name : BROWSER_ONLY) {
            if (p.text(name).isPresent()) {
                throw ApiException.invalidParameter(name, name + " needs a browser, so it cannot be combined with"
                        + " render=false");
            }
        }
        if (page.load().url() == null) {
            return extractor.extract(page.load().html(), null);
        }
        Document doc = fetcher.fetch(page.load().url(), page.load().request(), page.browser().userAgent(),
                page.browser().acceptLanguage(), page.timeout());
        return extractor.extract(doc, doc.location());
    }

    private record Page(String html, String url) {
    }
}
