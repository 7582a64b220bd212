package dev.quintet.capture.web;

import dev.quintet.capture.CaptureProperties;
import dev.quintet.capture.browser.BrowserPool;
import dev.quintet.capture.files.CapturedFiles;
import dev.quintet.capture.safety.EgressPolicy;
import dev.quintet.capture.screenshot.ScreenshotSpec;
import dev.quintet.capture.screenshot.Screenshots;
import dev.quintet.capture.screenshot.Shot;
import dev.quintet.platform.errors.ApiException;
import dev.quintet.platform.keys.KeyHolder;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/** {@code GET|POST /v1/screenshot}: a PNG, JPEG or WebP of a URL or of posted HTML. */
@RestController
final class ScreenshotController {

    /** The tallest full page of a stitched PNG or JPEG, in CSS pixels. */
    private static final int MAX_STITCHED_HEIGHT = 50_000;
    private static final int DEFAULT_MAX_HEIGHT = 16_000;

    private static final Set<String> KNOWN = Set.copyOf(Stream.of(PageParams.NAMES, Delivery.NAMES, List.of(
            "format", "quality", "full_page", "max_height", "selector", "clip", "omit_background",
            "thumbnail_width"))
            .flatMap(List::stream).toList());

    private final BrowserPool pool;
    private final EgressPolicy policy;
    private final CaptureProperties settings;
    private final Delivery delivery;
    private final Screenshots screenshots = new Screenshots();

    ScreenshotController(BrowserPool pool, EgressPolicy policy, CaptureProperties settings, CapturedFiles files,
                         Clock clock) {
        this.pool = pool;
        this.policy = policy;
        this.settings = settings;
        this.delivery = new Delivery(files, settings, clock);
    }

    @GetMapping("/v1/screenshot")
    ResponseEntity<Object> get(@RequestParam MultiValueMap<String, String> query,
                               @RequestAttribute(KeyHolder.ATTRIBUTE) KeyHolder caller) {
        return capture(Params.ofQuery(query), caller);
    }

    @PostMapping("/v1/screenshot")
    ResponseEntity<Object> post(@RequestBody(required = false) Map<String, Object> body,
                                @RequestAttribute(KeyHolder.ATTRIBUTE) KeyHolder caller) {
        return capture(Params.ofJson(body), caller);
    }

    private ResponseEntity<Object> capture(Params p, KeyHolder caller) {
        p.onlyKnown(KNOWN);
        PageParams page = PageParams.read(p, policy, settings);
        String format = p.choice("format", List.of("png", "jpeg", "webp"), "png");
        int quality = p.integer("quality", 1, 100, 80);
        if (format.equals("png") && p.text("quality").isPresent()) {
            throw ApiException.invalidParameter("quality", "quality applies to jpeg and webp only, got format png");
        }
        boolean fullPage = p.flag("full_page", false);
        String selector = p.text("selector", 1000).orElse(null);
        ScreenshotSpec.Clip clip = clip(p);
        if (fullPage && selector != null || (fullPage || selector != null) && clip != null) {
            throw ApiException.invalidParameter(clip != null ? "clip" : "selector",
                    "full_page, selector and clip each choose what to capture; give at most one");
        }
        int thumbnail = p.integer("thumbnail_width", 16, 2000, 0);
        boolean omitBackground = p.flag("omit_background", false);
        if (omitBackground && (thumbnail > 0 || !format.equals("png"))) {
            throw ApiException.invalidParameter("omit_background", "omit_background needs format png and no"
                    + " thumbnail_width");
        }
        ScreenshotSpec spec = new ScreenshotSpec(format, quality, fullPage, selector, clip, omitBackground, thumbnail,
                maxHeight(p, fullPage, format, page.browser().scale()));
        return delivery.deliver("screenshot", p, caller, page.load().url(), () -> {
            Taken taken = pool.render(page.browser(), page.contextOptions(), page.timeout(), tab -> {
                int status = page.load().open(tab);
                return new Taken(screenshots.take(tab, spec), status);
            });
            Shot shot = taken.shot();
            return new Rendered(shot.bytes(), shot.mediaType(), format, shot.width(), shot.height(), null,
                    taken.status());
        });
    }

    /**
     * Where a full page is cut, in CSS px. PNG and JPEG are stitched from slices, so they go to 50,000; a JPEG's
     * height in device pixels also stays within what decoders read. WebP is taken in one piece, so its height in
     * device pixels stays within what Chromium (and WebP) can hold.
     */
    private static int maxHeight(Params p, boolean fullPage, String format, double deviceScale) {
        if (!fullPage) {
            if (p.text("max_height").isPresent()) {
                throw ApiException.invalidParameter("max_height", "max_height applies to full_page captures only");
            }
            return DEFAULT_MAX_HEIGHT;
        }
        if (format.equals("png")) {
            return p.integer("max_height", 1, MAX_STITCHED_HEIGHT, DEFAULT_MAX_HEIGHT);
        }
        int devicePixels = format.equals("jpeg") ? Screenshots.MAX_JPEG_PIXELS : Screenshots.SINGLE_CAPTURE_PIXELS;
        int limit = Math.min(MAX_STITCHED_HEIGHT, (int) (devicePixels / deviceScale));
        int maxHeight = p.integer("max_height", 1, MAX_STITCHED_HEIGHT, Math.min(DEFAULT_MAX_HEIGHT, limit));
        if (maxHeight > limit) {
            String instead = format.equals("jpeg") ? "; use format png for taller pages"
                    : "; use format png or jpeg for up to " + MAX_STITCHED_HEIGHT;
            throw ApiException.invalidParameter("max_height", "a " + format + " full page is at most "
                    + devicePixels + " device px tall (max_height " + limit + " at device_scale_factor "
                    + deviceScale + ")" + instead + ", got " + maxHeight);
        }
        return maxHeight;
    }

    /** {@code clip} as {@code x,y,width,height} or as a JSON object with those fields, in CSS pixels. */
    private static ScreenshotSpec.Clip clip(Params p) {
        Optional<String> raw = p.text("clip", 200);
        if (raw.isEmpty()) {
            return null;
        }
        String rule = "clip must be x,y,width,height in CSS pixels (x, y 0..100000; width, height 1..10000),"
                + " like 0,0,800,600, or a JSON object with those fields, got " + Params.shown(raw.get());
        int[] v = new int[4];
        try {
            if (raw.get().strip().startsWith("{")) {
                JsonNode node = p.object("clip", 200).orElseThrow();
                String[] names = {"x", "y", "width", "height"};
                for (int i = 0; i < 4; i++) {
                    JsonNode n = node.get(names[i]);
                    if (n == null || !n.canConvertToInt()) {
                        throw ApiException.invalidParameter("clip", rule);
                    }
                    v[i] = n.asInt();
                }
            } else {
                String[] parts = raw.get().split(",");
                if (parts.length != 4) {
                    throw ApiException.invalidParameter("clip", rule);
                }
                for (int i = 0; i < 4; i++) {
                    v[i] = Integer.parseInt(parts[i].strip());
                }
            }
        } catch (NumberFormatException e) {
            throw ApiException.invalidParameter("clip", rule);
        }
        if (v[0] < 0 || v[1] < 0 || v[0] > 100_000 || v[1] > 100_000 || v[2] < 1 || v[3] < 1 || v[2] > 10_000
                || v[3] > 10_000) {
            throw ApiException.invalidParameter("clip", rule);
        }
        return new ScreenshotSpec.Clip(v[0], v[1], v[2], v[3]);
    }

    private record Taken(Shot shot, int status) {
    }
}
