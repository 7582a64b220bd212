package dev.quintet.capture.web;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.options.ColorScheme;
import com.microsoft.playwright.options.ReducedMotion;
import dev.quintet.capture.CaptureProperties;
import dev.quintet.capture.browser.PageLoad;
import dev.quintet.capture.browser.PagePrep;
import dev.quintet.capture.safety.EgressPolicy;
import dev.quintet.capture.safety.EgressRefused;
import dev.quintet.platform.errors.ApiException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The parameters every capture route shares: what to load and with which request options, how to wait, what to
 * do to the page once loaded, the browser it is shown in (viewport, device, language, preferences) and the
 * deadline.
 *
 * @param load what to load, how to wait and how to prepare the page
 * @param browser the viewport and preferences of the browser context
 * @param timeout the capture's deadline
 */
record PageParams(PageLoad load, BrowserProfile browser, Duration timeout) {

    static final List<String> NAMES = List.of("url", "html", "wait_until", "delay", "timeout", "width", "height",
            "device_scale_factor", "dark_mode", "block_ads", "device", "user_agent", "accept_language",
            "reduced_motion", "media", "headers", "cookies", "css", "js", "hide_selectors", "block_cookie_banners",
            "wait_for", "scroll");
    static final List<String> WAITS = List.of("load", "domcontentloaded", "networkidle");
    private static final int MAX_URL = 8192;
    private static final int MAX_INJECTED = 100_000;

    static PageParams read(Params p, EgressPolicy policy, CaptureProperties settings) {
        Optional<String> url = p.text("url", MAX_URL);
        Optional<String> html = p.text("html");
        if (url.isPresent() == html.isPresent()) {
            throw ApiException.invalidParameter(url.isPresent() ? "html" : "url",
                    "exactly one of url and html must be given, got " + (url.isPresent() ? "both" : "neither"));
        }
        url.ifPresent(u -> {
            try {
                policy.checkUrl(u.strip());
            } catch (EgressRefused e) {
                throw ApiException.invalidParameter("url", e.getMessage());
            }
        });
        int maxTimeout = (int) settings.maxTimeout().toMillis();
        int timeout = p.integer("timeout", 1000, maxTimeout, (int) settings.defaultTimeout().toMillis());
        int delay = p.integer("delay", 0, (int) settings.maxDelay().toMillis(), 0);
        if (delay >= timeout) {
            throw ApiException.invalidParameter("delay", "delay must be less than timeout (" + timeout
                    + " ms), got " + delay);
        }
        var request = RequestParams.read(p);
        if (html.isPresent() && !request.isEmpty()) {
            throw ApiException.invalidParameter(request.headers().isEmpty() ? "cookies" : "headers",
                    "headers and cookies are sent to the page's own site, so they need url, not html");
        }
        PageLoad load = new PageLoad(url.map(String::strip).orElse(null), html.orElse(null),
                p.choice("wait_until", WAITS, "load"), delay, p.flag("block_ads", false), request, prep(p));
        return new PageParams(load, BrowserProfile.read(p), Duration.ofMillis(timeout));
    }

    private static PagePrep prep(Params p) {
        List<String> hide = p.list("hide_selectors", 50, 500);
        for (String selector : hide) {
            if (selector.contains("{") || selector.contains("}")) {
                throw ApiException.invalidParameter("hide_selectors", "hide_selectors takes CSS selectors, without"
                        + " braces, got " + Params.shown(selector));
            }
        }
        return new PagePrep(p.choice("media", List.of("screen", "print"), null),
                p.flag("scroll", false), p.text("css", MAX_INJECTED).orElse(null), hide,
                p.flag("block_cookie_banners", false), p.text("js", MAX_INJECTED).orElse(null),
                p.text("wait_for", 1000).map(String::strip).orElse(null));
    }

    Browser.NewContextOptions contextOptions() {
        return browser.contextOptions();
    }

    /**
     * The browser the page is shown in: a device preset's figures unless given one by one.
     *
     * @param width viewport width in CSS pixels
     * @param height viewport height in CSS pixels
     * @param scale device scale factor
     * @param mobile mobile layout (meta viewport honoured) and touch events
     * @param userAgent the user agent, or null for Chromium's own
     * @param acceptLanguage the Accept-Language header sent with every request, or null
     * @param darkMode whether the page is told the user prefers a dark colour scheme
     * @param reducedMotion whether the page is told the user prefers reduced motion
     */
    record BrowserProfile(int width, int height, double scale, boolean mobile, String userAgent,
                          String acceptLanguage, boolean darkMode, boolean reducedMotion) {

        private static final String LANGUAGE = "(\\*|[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*)(;q=(0(\\.\\d{0,3})?|1(\\.0{0,3})?))?";

        static BrowserProfile read(Params p) {
            DevicePreset device = p.text("device").isPresent()
                    ? DevicePreset.of(p.choice("device", DevicePreset.ids(), null)) : DevicePreset.LAPTOP;
            boolean preset = p.text("device").isPresent();
            String agent = p.text("user_agent", 512).map(String::strip).orElse(preset ? device.userAgent : null);
            if (agent != null && agent.chars().anyMatch(Character::isISOControl)) {
                throw ApiException.invalidParameter("user_agent", "user_agent must not contain control characters");
            }
            String language = p.text("accept_language", 200).map(String::strip).orElse(null);
            if (language != null && !language.matches(LANGUAGE + "(\\s*,\\s*" + LANGUAGE + ")*")) {
                throw ApiException.invalidParameter("accept_language", "accept_language must be language tags with"
                        + " optional weights, like \"de-DE,de;q=0.9,en;q=0.5\", got " + Params.shown(language));
            }
            return new BrowserProfile(p.integer("width", 1, 5000, preset ? device.width : 1280),
                    p.integer("height", 1, 10000, preset ? device.height : 800),
                    p.decimal("device_scale_factor", 1, 3, preset ? device.scale : 1), preset && device.mobile,
                    agent, language, p.flag("dark_mode", false), p.flag("reduced_motion", false));
        }

        Browser.NewContextOptions contextOptions() {
            Browser.NewContextOptions options = new Browser.NewContextOptions()
                    .setViewportSize(width, height)
                    .setDeviceScaleFactor(scale)
                    .setIsMobile(mobile)
                    .setHasTouch(mobile)
                    .setColorScheme(darkMode ? ColorScheme.DARK : ColorScheme.LIGHT)
                    .setReducedMotion(reducedMotion ? ReducedMotion.REDUCE : ReducedMotion.NO_PREFERENCE)
                    .setAcceptDownloads(false)
                    .setServiceWorkers(com.microsoft.playwright.options.ServiceWorkerPolicy.BLOCK);
            if (userAgent != null) {
                options.setUserAgent(userAgent);
            }
            if (acceptLanguage != null) {
                options.setExtraHTTPHeaders(Map.of("Accept-Language", acceptLanguage));
            }
            return options;
        }
    }
}
