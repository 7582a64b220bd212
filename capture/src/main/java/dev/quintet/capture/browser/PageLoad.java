package dev.quintet.capture.browser;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.Response;
import com.microsoft.playwright.TimeoutError;
import com.microsoft.playwright.options.WaitUntilState;
import dev.quintet.capture.safety.EgressProxy;
import dev.quintet.platform.errors.ApiException;
import java.util.regex.Pattern;

/**
 * How to bring a page up: navigate to {@code url} (with the caller's headers and cookies) or set {@code html} as
 * its content, wait for the chosen load state, prepare the page ({@link PagePrep}), then wait {@code delayMillis}
 * more.
 *
 * @param url the page to load, already checked by the egress policy; null when {@code html} is given
 * @param html the document to render; null when {@code url} is given
 * @param waitUntil load, domcontentloaded or networkidle
 * @param delayMillis extra wait after loading
 * @param blockAds whether requests to well-known ad and tracker hosts are dropped
 * @param request headers and cookies for the page's own origin (url captures only)
 * @param prep what is done to the page once loaded
 */
public record PageLoad(String url, String html, String waitUntil, int delayMillis, boolean blockAds,
                       RequestOptions request, PagePrep prep) {

    private static final Pattern AD_HOSTS = Pattern.compile("^[a-z]+://([^/]*\\.)?(doubleclick\\.net|"
            + "googlesyndication\\.com|googleadservices\\.com|adservice\\.google\\.com|googletagservices\\.com|"
            + "google-analytics\\.com|googletagmanager\\.com|amazon-adsystem\\.com|adnxs\\.com|taboola\\.com|"
            + "outbrain\\.com|criteo\\.com|criteo\\.net|scorecardresearch\\.com|moatads\\.com|pubmatic\\.com|"
            + "rubiconproject\\.com|openx\\.net|casalemedia\\.com|quantserve\\.com|hotjar\\.com|facebook\\.net)"
            + "(:\\d+)?/.*");

    public PageLoad {
        if ((url == null) == (html == null)) {
            throw new IllegalArgumentException("exactly one of url and html must be given");
        }
        if (delayMillis < 0) {
            throw new IllegalArgumentException("delayMillis must not be negative, got " + delayMillis);
        }
        if (html != null && !request.isEmpty()) {
            throw new IllegalArgumentException("headers and cookies apply to url captures only");
        }
    }

    /** Loads the page; returns the HTTP status of the main document (200 for posted HTML). */
    public int open(Page page) {
        if (blockAds) {
            page.route(AD_HOSTS, route -> route.abort("blockedbyclient"));
        }
        WaitUntilState state = switch (waitUntil) {
            case "domcontentloaded" -> WaitUntilState.DOMCONTENTLOADED;
            case "networkidle" -> WaitUntilState.NETWORKIDLE;
            default -> WaitUntilState.LOAD;
        };
        prep.beforeLoad(page);
        int status = 200;
        if (html != null) {
            page.setContent(html, new Page.SetContentOptions().setWaitUntil(state));
        } else {
            request.applyTo(page, url);
            status = navigate(page, state);
        }
        prep.afterLoad(page);
        if (delayMillis > 0) {
            page.waitForTimeout(delayMillis);
        }
        return status;
    }

    private int navigate(Page page, WaitUntilState state) {
        Response response;
        try {
            response = page.navigate(url, new Page.NavigateOptions().setWaitUntil(state));
        } catch (TimeoutError e) {
            throw e;
        } catch (PlaywrightException e) {
            String first = e.getMessage() == null ? "" : e.getMessage().lines().findFirst().orElse("");
            if (first.contains("ERR_BLOCKED_BY_CLIENT")) {
                throw ApiException.invalidParameter("url", "url was refused by the egress policy");
            }
            throw new ApiException(502, "page_unreachable", "the page could not be loaded: "
                    + first.replaceFirst("^.*?message='", "").strip());
        }
        if (response == null) {
            return 200;
        }
        String refused = response.headerValue(EgressProxy.REFUSED_HEADER);
        if (refused != null) {
            throw ApiException.invalidParameter("url", "url redirected to a refused address: " + refused);
        }
        return response.status();
    }
}
