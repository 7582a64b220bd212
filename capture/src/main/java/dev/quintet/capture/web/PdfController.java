package dev.quintet.capture.web;

import dev.quintet.capture.CaptureProperties;
import dev.quintet.capture.browser.BrowserPool;
import dev.quintet.capture.files.CapturedFiles;
import dev.quintet.capture.pdf.PdfSpec;
import dev.quintet.capture.pdf.Pdfs;
import dev.quintet.capture.safety.EgressPolicy;
import dev.quintet.platform.errors.ApiException;
import dev.quintet.platform.keys.KeyHolder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET|POST /v1/pdf}: a URL or posted HTML printed to PDF by Chromium. */
@RestController
final class PdfController {

    static final List<String> SIZES = List.of("A0", "A1", "A2", "A3", "A4", "A5", "A6", "Letter", "Legal",
            "Tabloid", "Ledger");
    private static final Set<String> KNOWN = Set.copyOf(Stream.of(PageParams.NAMES, Delivery.NAMES, List.of(
            "format", "page_width", "page_height", "landscape", "margin", "margin_top", "margin_right",
            "margin_bottom", "margin_left", "print_background", "scale", "page_ranges", "header_html",
            "footer_html", "prefer_css_page_size")).flatMap(List::stream).toList());
    private static final Pattern LENGTH = Pattern.compile("(0|\\d{1,4}(\\.\\d{1,4})?(px|in|cm|mm)?)");
    private static final Pattern RANGES = Pattern.compile("\\d{1,5}(-\\d{0,5})?(\\s*,\\s*\\d{1,5}(-\\d{0,5})?)*");
    private static final Pattern PAGE_OBJECT = Pattern.compile("/Type\\s*/Page(?![a-zA-Z])");

    private final BrowserPool pool;
    private final EgressPolicy policy;
    private final CaptureProperties settings;
    private final Delivery delivery;
    private final Pdfs pdfs = new Pdfs();

    PdfController(BrowserPool pool, EgressPolicy policy, CaptureProperties settings, CapturedFiles files,
                  Clock clock) {
        this.pool = pool;
        this.policy = policy;
        this.settings = settings;
        this.delivery = new Delivery(files, settings, clock);
    }

    @GetMapping("/v1/pdf")
    ResponseEntity<Object> get(@RequestParam MultiValueMap<String, String> query,
                               @RequestAttribute(KeyHolder.ATTRIBUTE) KeyHolder caller) {
        return print(Params.ofQuery(query), caller);
    }

    @PostMapping("/v1/pdf")
    ResponseEntity<Object> post(@RequestBody(required = false) Map<String, Object> body,
                                @RequestAttribute(KeyHolder.ATTRIBUTE) KeyHolder caller) {
        return print(Params.ofJson(body), caller);
    }

    private ResponseEntity<Object> print(Params p, KeyHolder caller) {
        p.onlyKnown(KNOWN);
        PageParams page = PageParams.read(p, policy, settings);
        PdfSpec spec = spec(p);
        return delivery.deliver("pdf", p, caller, page.load().url(), () -> {
            Printed printed = pool.render(page.browser(), page.contextOptions(), page.timeout(),
                    tab -> new Printed(status(page, tab), pdfs.print(tab, spec)));
            return new Rendered(printed.bytes(), "application/pdf", "pdf", null, null, pageCount(printed.bytes()),
                    printed.status());
        });
    }

    private static int status(PageParams page, com.microsoft.playwright.Page tab) {
        return page.load().open(tab);
    }

    private static PdfSpec spec(Params p) {
        String width = length(p, "page_width");
        String height = length(p, "page_height");
        if ((width == null) != (height == null)) {
            throw ApiException.invalidParameter(width == null ? "page_width" : "page_height",
                    "page_width and page_height must be given together");
        }
        String size = p.choice("format", SIZES, "A4");
        if (width != null && p.text("format").isPresent()) {
            throw ApiException.invalidParameter("format", "format cannot be combined with page_width/page_height");
        }
        String[] margins = margins(p);
        String ranges = p.text("page_ranges", 200).map(String::strip).orElse(null);
        if (ranges != null && !RANGES.matcher(ranges).matches()) {
            throw ApiException.invalidParameter("page_ranges", "page_ranges must look like 1-3,5 (page numbers "
                    + "from 1), got " + Params.shown(ranges));
        }
        return new PdfSpec(size, width, height, p.flag("landscape", false), margins,
                p.flag("print_background", true), p.decimal("scale", 0.1, 2, 1), ranges,
                p.text("header_html", 20_000).orElse(null), p.text("footer_html", 20_000).orElse(null),
                p.flag("prefer_css_page_size", false));
    }

    private static String[] margins(Params p) {
        String shorthand = p.text("margin", 100).map(String::strip).orElse("0.4in");
        String[] parts = shorthand.split("\\s+");
        if (parts.length > 4 || !Stream.of(parts).allMatch(s -> LENGTH.matcher(s).matches())) {
            throw ApiException.invalidParameter("margin", "margin must be 1 to 4 CSS lengths in px, in, cm or mm"
                    + " (like \"1cm 2cm\"), got " + Params.shown(shorthand));
        }
        String top = parts[0];
        String right = parts.length > 1 ? parts[1] : top;
        String bottom = parts.length > 2 ? parts[2] : top;
        String left = parts.length > 3 ? parts[3] : right;
        String[] sides = {top, right, bottom, left};
        String[] names = {"margin_top", "margin_right", "margin_bottom", "margin_left"};
        for (int i = 0; i < 4; i++) {
            String side = length(p, names[i]);
            if (side != null) {
                sides[i] = side;
            }
        }
        return sides;
    }

    private static String length(Params p, String name) {
        return p.text(name, 40).map(String::strip).map(v -> {
            if (!LENGTH.matcher(v).matches()) {
                throw ApiException.invalidParameter(name, name + " must be a CSS length in px, in, cm or mm "
                        + "(like 2.5cm), got " + Params.shown(v));
            }
            return v;
        }).orElse(null);
    }

    static int pageCount(byte[] pdf) {
        Matcher m = PAGE_OBJECT.matcher(new String(pdf, StandardCharsets.ISO_8859_1));
        int pages = 0;
        while (m.find()) {
            pages++;
        }
        return pages;
    }

    private record Printed(int status, byte[] bytes) {
    }
}
